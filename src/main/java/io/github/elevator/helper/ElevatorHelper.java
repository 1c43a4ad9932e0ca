package io.github.elevator.helper;

import io.github.elevator.device.SchedulerLine;
import io.github.elevator.device.SchedulerVariant;
import io.github.elevator.helper.protocol.HelperEvent;
import io.github.elevator.helper.protocol.HelperProtocol;
import io.github.elevator.text.Printable;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code elevator-helper}: the only part of Elevator that runs as root, started through pkexec.
 *
 * <pre>elevator-helper set-scheduler DEVICE SCHEDULER
 * elevator-helper benchmark DEVICE          (a session: see {@link BenchmarkSession})
 * elevator-helper restore                   (what dead sessions left: see {@link DeviceHolds})
 * elevator-helper tune DEVICE KEY VALUE     (one queue or scheduler setting: see {@link TuneVerb})
 * elevator-helper write-rules &lt; DESCRIPTION (see {@link HelperRules})
 * elevator-helper remove-rules</pre>
 *
 * DEVICE must equal a name the kernel lists in /sys/block (it is never joined into a path
 * before that check); SCHEDULER must be a token of that device's own scheduler line, and a
 * variant's settings pass {@link DeviceSettings}' checks. Every verb
 * first deals with records of sessions that died, and says so on stderr. Answers are JSON lines
 * ({@link HelperProtocol}); every error is one line on stderr and a distinct {@link HelperExit}.
 */
public final class ElevatorHelper {
    private static final String USAGE = "usage: elevator-helper set-scheduler DEVICE SCHEDULER | benchmark DEVICE | restore"
            + " | tune DEVICE KEY VALUE | write-rules < DESCRIPTION | remove-rules";

    /** How long the last output may take to reach a caller who reads it slowly, or not at all. */
    private static final long OUTPUT_MILLIS = 10_000;

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final HelperRules rules;
    private final DeviceHandover handover;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    /** {@code root} is {@code /} in production; tests hand in a tree of their own and a {@code sysfs} view of it. */
    public ElevatorHelper(Path root, HelperSysfs sysfs, HelperRules rules, DeviceHandover handover,
                          InputStream in, PrintStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = new DeviceHolds(root, sysfs, notice -> err.println("elevator-helper: " + notice));
        this.rules = rules;
        this.handover = handover;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        // standard error never blocks the helper; a one-shot verb's output waits until it holds no device
        BoundedOutput stderr = new BoundedOutput(new FileOutputStream(FileDescriptor.err), "elevator-stderr");
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        if (!ProcessIds.current().isRoot()) {
            err.println("elevator-helper: " + HelperExit.NOT_ROOT.meaning());
            stderr.drain(OUTPUT_MILLIS);
            System.exit(HelperExit.NOT_ROOT.code());
        }
        String limited = CallerLimits.problem();
        if (limited != null) {
            err.println("elevator-helper: started with " + limited + ", which root may not raise here; nothing was changed");
            stderr.drain(OUTPUT_MILLIS);
            System.exit(HelperExit.LIMITS_TOO_LOW.code());
        }
        // JNA's native part comes from the installed runtime, never unpacked into a folder a user controls
        System.setProperty("jna.nounpack", "true");
        Path root = Path.of("/");
        boolean session = args.length > 0 && args[0].equals("benchmark");
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        BoundedOutput oneShotOut = session ? null : new BoundedOutput(stdout, "elevator-stdout");
        if (!session) OneShotDeadline.start(() -> err.println("elevator-helper: " + HelperExit.TIMED_OUT.meaning()));
        HelperExit result = new ElevatorHelper(root, new HelperSysfs(root), HelperRules.system(System.in), DeviceHandover.overStandardInput(),
                System.in, new PrintStream(session ? stdout : oneShotOut, true), err).run(args);
        if (oneShotOut != null) oneShotOut.drain(OUTPUT_MILLIS);
        stderr.drain(OUTPUT_MILLIS);
        System.exit(result.code());
    }

    public HelperExit run(String[] args) {
        try {
            String verb = args.length == 0 ? "" : args[0];
            if (!List.of("set-scheduler", "benchmark", "restore", "tune", "write-rules", "remove-rules").contains(verb)) return usage();
            List<HelperEvent.Recovered> recovered = recoverStale();
            return switch (verb) {
                case "set-scheduler" -> args.length == 3 ? setScheduler(args[1], args[2]) : usage();
                case "benchmark" -> args.length == 2 ? benchmark(args[1]) : usage();
                case "restore" -> args.length == 1 ? report(recovered) : usage();
                case "tune" -> args.length == 4 ? tune(args[1], args[2], args[3]) : usage();
                case "write-rules" -> args.length == 1 ? rules.write(out, err) : usage();
                default -> args.length == 1 ? rules.remove(out, err) : usage();
            };
        } catch (NoSuchFileException e) {
            return fail(HelperExit.DEVICE_GONE, "the device disappeared while it was being changed");
        } catch (IOException | RuntimeException e) {
            return fail(HelperExit.INTERNAL, "unexpected failure: " + Printable.oneLine(String.valueOf(e.getMessage())));
        }
    }

    private List<HelperEvent.Recovered> recoverStale() throws IOException {
        List<HelperEvent.Recovered> recovered = holds.recoverStale();
        for (HelperEvent.Recovered r : recovered) {
            if (r.holderPid() == 0) continue; // a refused record, already named
            err.println("elevator-helper: a benchmark of " + r.device() + " (pid " + r.holderPid() + ") stopped without "
                    + "restoring; " + r.action());
        }
        return recovered;
    }

    private HelperExit report(List<HelperEvent.Recovered> recovered) {
        for (HelperEvent.Recovered r : recovered) out.println(HelperProtocol.encode(r));
        return HelperExit.OK;
    }

    private HelperExit setScheduler(String device, String scheduler) throws IOException {
        String listed = listedName(device);
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(device));
        SchedulerLine before = sysfs.readScheduler(listed);
        if (!before.hasScheduler()) return fail(HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        SchedulerVariant variant = HelperProtocol.variant(scheduler).orElse(null);
        String chosen = variant == null ? null : before.listed(variant.scheduler()).orElse(null);
        if (chosen == null) {
            return fail(HelperExit.UNKNOWN_SCHEDULER, listed + " offers " + String.join(", ", before.offered())
                    + ", not " + Printable.quoted(scheduler));
        }
        return underLock(listed, answer -> write(listed, chosen, variant.settings(), before, answer));
    }

    /** What a one-shot verb does while it holds a device's lock. */
    private interface LockedWork {
        HelperExit run(PrintStream answer) throws IOException;
    }

    /**
     * Runs {@code work} holding {@code listed}'s lock, with its answer kept until the lock is released:
     * a caller who reads nothing then holds no device.
     */
    private HelperExit underLock(String listed, LockedWork work) throws IOException {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        HelperExit exit;
        try (DeviceHolds.Hold ignored = holds.take(listed)) {
            exit = work.run(new PrintStream(answer, true, StandardCharsets.UTF_8));
        } catch (DeviceHolds.Busy busy) {
            return fail(HelperExit.DEVICE_BUSY, busy.getMessage());
        }
        out.write(answer.toByteArray());
        out.flush();
        return exit;
    }

    /** Writes the scheduler, then a variant's own settings; any refusal puts everything back as it was. */
    private HelperExit write(String listed, String chosen, Map<String, Long> settings, SchedulerLine before, PrintStream answer)
            throws IOException {
        try {
            sysfs.writeScheduler(listed, chosen);
        } catch (NoSuchFileException gone) {
            throw gone;
        } catch (IOException refused) {
            return fail(HelperExit.WRITE_FAILED, "the kernel refused " + chosen + " for " + listed + ": "
                    + Printable.oneLine(String.valueOf(refused.getMessage())));
        }
        SchedulerLine after = sysfs.readScheduler(listed);
        if (!chosen.equals(after.active())) {
            restore(listed, before.active());
            return fail(HelperExit.NOT_CONFIRMED, listed + " reports " + after.active() + " after writing " + chosen);
        }
        try {
            new DeviceSettings(root, listed).setAll(settings);
        } catch (DeviceSettings.Refused refused) {
            restore(listed, before.active());
            return fail(refused.exit(), refused.getMessage() + "; " + listed + " is on " + sysfs.readScheduler(listed).active());
        }
        answer.println(HelperProtocol.encode(new HelperEvent.State(listed, after.active(), after.offered())));
        return HelperExit.OK;
    }

    /** A setting changes how a benchmark under way measures, so tuning takes the device's lock too. */
    private HelperExit tune(String device, String key, String value) throws IOException {
        String listed = listedName(device);
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(device));
        return underLock(listed, answer -> new TuneVerb(sysfs, root, answer, err).run(listed, key, value));
    }

    private HelperExit benchmark(String device) throws IOException {
        String listed = listedName(device);
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(device));
        return new BenchmarkSession(root, sysfs, holds, handover, in, out, err).run(listed);
    }

    private HelperExit usage() {
        return fail(HelperExit.USAGE, USAGE);
    }

    /** The kernel's own copy of the name, found by comparison; null when it does not list it. */
    private String listedName(String requested) throws IOException {
        return sysfs.listedNames().stream().filter(n -> n.equals(requested)).findFirst().orElse(null);
    }

    private void restore(String listed, String previous) {
        if (previous == null) return;
        try {
            sysfs.writeScheduler(listed, previous);
        } catch (IOException e) {
            err.println("elevator-helper: could not put " + previous + " back on " + listed);
        }
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }
}
