package io.github.elevator.helper;

import io.github.elevator.device.SchedulerLine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code elevator-helper}: the only part of Elevator that runs as root, started through pkexec.
 *
 * <pre>elevator-helper set-scheduler DEVICE SCHEDULER
 * elevator-helper sweep DEVICE all|current WORKLOADS SECONDS REPEATS   (see {@link SweepVerb})
 * elevator-helper write-rules &lt; DESCRIPTION                           (see {@link HelperRules})
 * elevator-helper remove-rules</pre>
 *
 * DEVICE must equal a name the kernel lists in /sys/block (it is never joined into a path
 * before that check); SCHEDULER must be a token of that device's own scheduler line. The
 * helper writes it, reads it back, confirms the bracketed name, and prints the new state as
 * one JSON line. Every error is one line on stderr and a distinct {@link HelperExit} code.
 */
public final class ElevatorHelper {
    private final HelperSysfs sysfs;
    private final PrintStream out;
    private final PrintStream err;
    private final SweepVerb sweep;
    private final HelperRules rules;

    /** Without the sweep and rules verbs. */
    public ElevatorHelper(HelperSysfs sysfs, PrintStream out, PrintStream err) {
        this(sysfs, out, err, null, null);
    }

    /** With {@code sweep} null, the sweep verb is refused (tests that only exercise set-scheduler). */
    public ElevatorHelper(HelperSysfs sysfs, PrintStream out, PrintStream err, SweepVerb sweep) {
        this(sysfs, out, err, sweep, null);
    }

    /** With the rules verbs, and the sweep verb refused. */
    public ElevatorHelper(HelperSysfs sysfs, HelperRules rules, PrintStream out, PrintStream err) {
        this(sysfs, out, err, null, rules);
    }

    /** With {@code rules} null, the rules verbs answer with a usage error. */
    public ElevatorHelper(HelperSysfs sysfs, PrintStream out, PrintStream err, SweepVerb sweep, HelperRules rules) {
        this.sysfs = sysfs;
        this.rules = rules;
        this.out = out;
        this.err = err;
        this.sweep = sweep != null ? sweep : SweepVerb.refusing(err);
    }

    public static void main(String[] args) {
        if (!ProcessIds.current().isRoot()) {
            System.err.println("elevator-helper: " + HelperExit.NOT_ROOT.meaning());
            System.exit(HelperExit.NOT_ROOT.code());
        }
        HelperSysfs sysfs = new HelperSysfs(Path.of("/"));
        SweepVerb sweep = new SweepVerb(sysfs, Path.of("/"), io.github.elevator.bench.engine.Engines::forQueueDepth,
                System.in, System.out, System.err);
        HelperExit result = new ElevatorHelper(sysfs, System.out, System.err, sweep, HelperRules.system(System.in)).run(args);
        System.out.flush();
        System.exit(result.code());
    }

    public HelperExit run(String[] args) {
        try {
            String verb = args.length == 0 ? "" : args[0];
            return switch (verb) {
                case "set-scheduler" -> args.length == 3 ? setScheduler(args[1], args[2]) : usage();
                case "sweep" -> args.length == 6 ? sweep.run(args[1], args[2], args[3], args[4], args[5]) : usage();
                case "write-rules" -> args.length == 1 && rules != null ? rules.write(out, err) : usage();
                case "remove-rules" -> args.length == 1 && rules != null ? rules.remove(out, err) : usage();
                default -> usage();
            };
        } catch (NoSuchFileException e) {
            return fail(HelperExit.DEVICE_GONE, "the device disappeared while it was being changed");
        } catch (IOException | RuntimeException e) {
            return fail(HelperExit.INTERNAL, "unexpected failure: " + oneLine(String.valueOf(e.getMessage())));
        }
    }

    private HelperExit setScheduler(String device, String scheduler) throws IOException {
        String listed = listedName(device);
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + quote(device));
        SchedulerLine before = sysfs.readScheduler(listed);
        if (!before.hasScheduler()) return fail(HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        String chosen = offered(before, scheduler);
        if (chosen == null) {
            return fail(HelperExit.UNKNOWN_SCHEDULER, listed + " offers " + String.join(", ", before.offered())
                    + ", not " + quote(scheduler));
        }
        try {
            sysfs.writeScheduler(listed, chosen);
        } catch (NoSuchFileException gone) {
            throw gone;
        } catch (IOException refused) {
            return fail(HelperExit.WRITE_FAILED, "the kernel refused " + chosen + " for " + listed + ": "
                    + oneLine(String.valueOf(refused.getMessage())));
        }
        SchedulerLine after = sysfs.readScheduler(listed);
        if (!chosen.equals(after.active())) {
            restore(listed, before.active());
            return fail(HelperExit.NOT_CONFIRMED, listed + " reports " + after.active() + " after writing " + chosen);
        }
        out.println(stateJson(listed, after));
        return HelperExit.OK;
    }

    private HelperExit usage() {
        return fail(HelperExit.USAGE, "usage: elevator-helper set-scheduler DEVICE SCHEDULER | "
                + "sweep DEVICE all|current WORKLOAD[,WORKLOAD...] SECONDS REPEATS | write-rules < DESCRIPTION | remove-rules");
    }

    /** The kernel's own copy of the name, found by comparison; null when it does not list it. */
    private String listedName(String requested) throws IOException {
        for (String name : sysfs.listedNames()) {
            if (name.equals(requested)) return name;
        }
        return null;
    }

    /** The kernel's own copy of the scheduler token, found by comparison. */
    private static String offered(SchedulerLine line, String requested) {
        for (String token : line.offered()) {
            if (token.equals(requested)) return token;
        }
        return null;
    }

    private void restore(String listed, String previous) {
        if (previous == null) return;
        try {
            sysfs.writeScheduler(listed, previous);
        } catch (IOException e) {
            err.println("elevator-helper: could not put " + previous + " back on " + listed);
        }
    }

    private static String stateJson(String device, SchedulerLine line) {
        StringBuilder s = new StringBuilder("{\"device\":\"").append(device).append("\",\"active\":\"")
                .append(line.active()).append("\",\"schedulers\":[");
        List<String> offered = line.offered();
        for (int i = 0; i < offered.size(); i++) {
            s.append(i == 0 ? "\"" : ",\"").append(offered.get(i)).append('"');
        }
        return s.append("]}").toString();
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }

    /** Input echoed in a message: quoted, one line, and short. */
    private static String quote(String s) {
        String shown = s.length() > 64 ? s.substring(0, 64) + "…" : s;
        return "'" + oneLine(shown) + "'";
    }

    private static String oneLine(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) b.append(c < 0x20 || c == 0x7f ? '?' : c);
        return b.toString();
    }
}
