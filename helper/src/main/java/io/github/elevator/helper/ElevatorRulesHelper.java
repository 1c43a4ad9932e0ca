package io.github.elevator.helper;

import java.io.*;
import java.util.Map;

import static io.github.elevator.helper.HelperProcess.fail;

/**
 * {@code elevator-rules-helper}, the root program that writes and removes Elevator's udev rules file,
 * and nothing else: it cannot switch, tune, open or benchmark a device (that is {@link ElevatorHelper},
 * a program of its own with actions of its own). Exact argument count per verb; what each verb
 * checks is {@link HelperRules}'s.
 */
public final class ElevatorRulesHelper {
    private static final String USAGE = "usage: elevator-rules-helper write-rules < DESCRIPTION | remove-rules";
    private static final Map<String, Integer> ARGUMENTS = Map.of("write-rules", 1, "remove-rules", 1);

    private final HelperRules rules;
    private final PrintStream out;
    private final PrintStream err;

    public ElevatorRulesHelper(HelperRules rules, PrintStream out, PrintStream err) {
        this.rules = rules;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        HelperProcess.main(false, () -> false, (out, err) -> new ElevatorRulesHelper(HelperRules.system(System.in), out, err).run(args));
    }

    public HelperExit run(String[] args) {
        String verb = args.length == 0 ? "" : args[0];
        if (args.length != ARGUMENTS.getOrDefault(verb, -1)) return fail(err, HelperExit.USAGE, USAGE);
        try {
            return verb.equals("write-rules") ? rules.write(out, err) : rules.remove(out, err);
        } catch (IOException e) {
            return fail(err, HelperExit.RULES_WRITE_FAILED, String.valueOf(e.getMessage()));
        } catch (RuntimeException e) {
            return fail(err, HelperExit.INTERNAL, "unexpected failure: " + e.getMessage());
        }
    }
}
