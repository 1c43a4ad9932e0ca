package io.github.elevator.helper;

import io.github.elevator.protocol.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.TimeUnit;

import static io.github.elevator.helper.HelperProcess.fail;

/**
 * {@code elevator-rules-helper}, the root program that writes and removes Elevator's udev rules file and
 * nothing else: it cannot switch, tune, open or benchmark a device ({@link ElevatorHelper} does).
 * {@code write-rules} reads a description ({@link RulesRenderer}, never rule text), checks every
 * field, renders the file itself and replaces only Elevator's own, atomically; where udevd runs it
 * reloads the rules and re-runs them on every disk with a scheduler, answering one line per disk with
 * its scheduler now, then a summary. {@code remove-rules} deletes Elevator's file, and only that.
 */
public final class ElevatorRulesHelper {
    private static final String USAGE = "usage: elevator-rules-helper write-rules < DESCRIPTION | remove-rules";
    private static final Map<String, Integer> ARGUMENTS = Map.of("write-rules", 1, "remove-rules", 1);

    private final HelperSysfs sysfs;
    private final RulesFileWriter file;
    private final Udev udev;
    private final InputStream in;

    public ElevatorRulesHelper(HelperSysfs sysfs, RulesFileWriter file, Udev udev, InputStream in) {
        this.sysfs = sysfs;
        this.file = file;
        this.udev = udev;
        this.in = in;
    }

    public static void main(String[] args) {
        HelperProcess.main(false, () -> false, (out, err) -> system(System.in).run(args, out, err));
    }

    /** Exact argument count per verb. */
    public HelperExit run(String[] args, PrintStream out, PrintStream err) {
        String verb = args.length == 0 ? "" : args[0];
        if (args.length != ARGUMENTS.getOrDefault(verb, -1)) return fail(err, HelperExit.USAGE, USAGE);
        try {
            return verb.equals("write-rules") ? write(out, err) : remove(out, err);
        } catch (IOException e) {
            return fail(err, HelperExit.RULES_WRITE_FAILED, String.valueOf(e.getMessage()));
        } catch (RuntimeException e) {
            return fail(err, HelperExit.INTERNAL, "unexpected failure: " + e.getMessage());
        }
    }

    /** What a disk uses after the save, and the summary of a save. */
    public record Now(String device, String active) {
    }

    public record Saved(String file, int rules, String udev) {
    }

    public record Removed(String file, boolean removed, String udev) {
    }

    private HelperExit write(PrintStream out, PrintStream err) throws IOException {
        String text = new String(in.readNBytes(RulesRenderer.MAX_BYTES + 1), StandardCharsets.ISO_8859_1);
        Map<String, SchedulerLine> disks = new TreeMap<>();
        for (String name : sysfs.listedNames()) {
            SchedulerLine line = sysfs.readScheduler(name);
            if (line.hasScheduler()) disks.put(name, line);
        }
        Set<String> known = new LinkedHashSet<>(List.of("none", "mq-deadline", "kyber", "bfq"));
        disks.values().forEach(line -> known.addAll(line.offered()));
        List<RulesRenderer.Entry> rules;
        try {
            rules = RulesRenderer.decode(text);
        } catch (IllegalArgumentException e) {
            return fail(err, HelperExit.BAD_RULES, e.getMessage());
        }
        for (RulesRenderer.Entry r : rules) {
            if (!known.contains(r.variant().scheduler())) {
                return fail(err, HelperExit.BAD_RULES, "Unknown scheduler " + Printable.quoted(r.variant().scheduler()) + " in the rule for "
                        + r.match() + ": the kernel's schedulers are " + String.join(", ", known) + ".");
            }
        }
        if (rules.isEmpty()) return fail(err, HelperExit.BAD_RULES, "no rules to write (remove-rules deletes the file)");
        if (file.state() == RulesFileWriter.State.FOREIGN) return foreign(err);
        try {
            file.write(RulesRenderer.render(rules));
        } catch (IOException e) {
            return fail(err, HelperExit.RULES_WRITE_FAILED, "could not write " + RulesRenderer.PATH + ": " + reason(e) + "; the previous file is as it was");
        }
        String udevState = refreshUdev(List.copyOf(disks.keySet()), err);
        for (String name : disks.keySet()) out.println(JsonText.of(new Now(name, sysfs.readScheduler(name).active())));
        out.println(JsonText.of(new Saved(RulesRenderer.PATH, rules.size(), udevState)));
        return HelperExit.OK;
    }

    private HelperExit remove(PrintStream out, PrintStream err) throws IOException {
        RulesFileWriter.State state = file.state();
        if (state == RulesFileWriter.State.FOREIGN) return foreign(err);
        if (state == RulesFileWriter.State.OURS) {
            try {
                file.delete();
            } catch (IOException e) {
                return fail(err, HelperExit.RULES_WRITE_FAILED, "could not remove " + RulesRenderer.PATH + ": " + reason(e));
            }
        }
        boolean removed = state == RulesFileWriter.State.OURS;
        out.println(JsonText.of(new Removed(RulesRenderer.PATH, removed, removed ? refreshUdev(List.of(), err) : "unchanged")));
        return HelperExit.OK;
    }

    /** "reloaded", "not-running", or "failed" (the file is written either way). */
    private String refreshUdev(List<String> devices, PrintStream err) {
        if (!udev.udevadm(List.of("control", "--ping", "--timeout=5"))) return "not-running";
        List<String> trigger = new ArrayList<>(List.of("trigger", "--action=change", "--settle"));
        for (String name : devices) trigger.add("/sys/block/" + name);
        String failed = !udev.udevadm(List.of("control", "--reload")) ? "udevadm control --reload failed"
                : !devices.isEmpty() && !udev.udevadm(trigger) ? "udevadm trigger failed" : null;
        if (failed == null) return "reloaded";
        err.println("elevator-helper: the rules are saved, but udev did not take them up now: " + failed);
        return "failed";
    }

    private HelperExit foreign(PrintStream err) {
        return fail(err, HelperExit.FOREIGN_RULES_FILE, RulesRenderer.PATH + " was not written by Elevator, so it was left as it is;"
                + " move it away first if Elevator should manage this file");
    }

    private static String reason(IOException e) {
        String m = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }

    private static ElevatorRulesHelper system(InputStream in) {
        Path root = Path.of("/");
        return new ElevatorRulesHelper(new HelperSysfs(root), new RulesFileWriter(root), Udev.system(), in);
    }

    /** The helper's use of udev after the rules file changed: reload, then a change event per disk, where udevd answers a ping. */
    public interface Udev {
        /** udevadm with this argument vector: true when it ran and exited 0. */
        boolean udevadm(List<String> args);

        /** The machine's udevadm by its absolute path, input /dev/null, output dropped, at most 60 s. */
        static Udev system() {
            return args -> {
                List<String> cmd = new ArrayList<>(List.of(Files.isExecutable(Path.of("/usr/bin/udevadm")) ? "/usr/bin/udevadm" : "/bin/udevadm"));
                cmd.addAll(args);
                try {
                    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
                    if (p.waitFor(60, TimeUnit.SECONDS)) return p.exitValue() == 0;
                    p.destroyForcibly();
                } catch (IOException e) {
                    // not run
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return false;
            };
        }
    }
}
