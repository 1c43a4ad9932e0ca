package io.github.elevator.helper;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RulesDescription;
import io.github.elevator.rules.RulesException;
import io.github.elevator.rules.Schedulers;
import io.github.elevator.rules.UdevRules;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The helper's two rules verbs.
 *
 * <pre>
 * elevator-helper write-rules  &lt; description   (see {@link RulesDescription})
 * elevator-helper remove-rules
 * </pre>
 *
 * {@code write-rules} reads a structured description on standard input (never rule text), checks
 * every field, generates the file itself, refuses to replace a file Elevator did not write, and
 * replaces its own atomically. Where udevd runs it then reloads the rules and re-runs them on the
 * disks they match. Either way it reports, one JSON line each, what every matched disk uses now,
 * then one summary line. {@code remove-rules} deletes Elevator's file, and only that.
 */
public final class HelperRules {
    private final Path root;
    private final HelperRulesFile file;
    private final HelperUdev udev;
    private final InputStream in;

    /** {@code root} is {@code /} in production; tests hand in a temporary tree. */
    public HelperRules(Path root, HelperRulesFile file, HelperUdev udev, InputStream in) {
        this.root = root;
        this.file = file;
        this.udev = udev;
        this.in = in;
    }

    public static HelperRules system(InputStream in) {
        Path root = Path.of("/");
        return new HelperRules(root, new HelperRulesFile(root), HelperUdev.system(), in);
    }

    HelperExit write(PrintStream out, PrintStream err) throws IOException {
        byte[] input = in.readNBytes(RulesDescription.MAX_BYTES + 1);
        RuleSet rules;
        List<BlockDevice> devices = new BlockDeviceScanner(root).scan();
        try {
            rules = RulesDescription.decode(new String(input, StandardCharsets.ISO_8859_1));
            rules.checkSchedulers(Schedulers.known(devices.stream().map(BlockDevice::schedulers).toList()));
        } catch (RulesException e) {
            return fail(err, HelperExit.BAD_RULES, e.getMessage());
        }
        if (rules.isEmpty()) return fail(err, HelperExit.BAD_RULES, "no rules to write (remove-rules deletes the file)");
        if (file.state() == UdevRules.Status.FOREIGN) return foreign(err);
        try {
            file.write(UdevRules.render(rules));
        } catch (IOException e) {
            return fail(err, HelperExit.RULES_WRITE_FAILED, "could not write " + UdevRules.PATH + ": " + reason(e)
                    + "; the previous file is as it was");
        }
        List<String> matched = new ArrayList<>();
        for (BlockDevice d : devices) {
            if (!rules.matching(d).isEmpty()) matched.add(d.name());
        }
        String udevState = refreshUdev(matched, err);
        for (BlockDevice d : new BlockDeviceScanner(root).scan()) {
            Rule r = rules.applying(d);
            if (r == null && !matched.contains(d.name())) continue;
            out.println("{\"device\":" + json(d.name()) + ",\"rule\":" + json(r == null ? null : r.match().text())
                    + ",\"scheduler\":" + json(r == null ? null : r.scheduler()) + ",\"active\":" + json(d.active()) + "}");
        }
        out.println("{\"file\":" + json(UdevRules.PATH) + ",\"rules\":" + rules.rules().size() + ",\"udev\":" + json(udevState) + "}");
        return HelperExit.OK;
    }

    HelperExit remove(PrintStream out, PrintStream err) throws IOException {
        UdevRules.Status state = file.state();
        if (state == UdevRules.Status.FOREIGN) return foreign(err);
        if (state == UdevRules.Status.OURS) {
            try {
                file.delete();
            } catch (IOException e) {
                return fail(err, HelperExit.RULES_WRITE_FAILED, "could not remove " + UdevRules.PATH + ": " + reason(e));
            }
        }
        String udevState = state == UdevRules.Status.OURS ? refreshUdev(List.of(), err) : "unchanged";
        out.println("{\"file\":" + json(UdevRules.PATH) + ",\"removed\":" + (state == UdevRules.Status.OURS)
                + ",\"udev\":" + json(udevState) + "}");
        return HelperExit.OK;
    }

    /** "reloaded", "not-running", or "failed" (the file is written either way). */
    private String refreshUdev(List<String> devices, PrintStream err) {
        if (!udev.running()) return "not-running";
        try {
            udev.reload();
            udev.trigger(devices);
            return "reloaded";
        } catch (IOException e) {
            err.println("elevator-helper: the rules are saved, but udev did not take them up now: " + reason(e));
            return "failed";
        }
    }

    private HelperExit foreign(PrintStream err) {
        return fail(err, HelperExit.FOREIGN_RULES_FILE, UdevRules.PATH + " was not written by Elevator, so it was left as it is;"
                + " move it away first if Elevator should manage this file");
    }

    private static HelperExit fail(PrintStream err, HelperExit exit, String message) {
        err.println("elevator-helper: " + Printable.oneLine(message));
        return exit;
    }

    private static String reason(IOException e) {
        String m = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }


    /** A JSON string (or null) of text that is already checked, escaped all the same. */
    static String json(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
