package io.github.elevator.helper;

import io.github.elevator.helper.protocol.*;
import io.github.elevator.text.Printable;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.TimeUnit;

/**
 * {@code elevator-helper}, the only part of Elevator that runs as root, started through pkexec (verbs:
 * {@link #USAGE}; a session: {@link BenchmarkSession}). DEVICE must equal a name the kernel lists in
 * /sys/block (it is never joined into a path before that check); everything else is checked by
 * {@link DeviceState}. Every verb first deals with the records of sessions that died
 * ({@link DeviceHolds}). Answers are JSON lines; every error is one line on stderr and a distinct
 * {@link HelperExit}. A one-shot verb ends within {@link #ONE_SHOT_SECONDS} whatever its caller does,
 * as soon as it holds no device.
 */
public final class ElevatorHelper {
    private static final String USAGE = "usage: elevator-helper set-scheduler DEVICE SCHEDULER | benchmark DEVICE | restore"
            + " | tune DEVICE KEY VALUE | write-rules < DESCRIPTION | remove-rules";
    /** Each verb and how many arguments it takes, itself included. */
    private static final Map<String, Integer> ARGUMENTS = Map.of("set-scheduler", 3, "benchmark", 2, "restore", 1, "tune", 4,
            "write-rules", 1, "remove-rules", 1);
    /** How long the last output may take to reach a caller who reads it slowly, or not at all. */
    private static final long OUTPUT_MILLIS = 10_000;
    static final long ONE_SHOT_SECONDS = 45;

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final HelperRules rules;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    /** tune's answer: {@code {"device":"loop0","key":"iosched/low_latency","value":0,"previous":1}}. */
    public record Tuned(String device, String key, long value, Long previous) {
    }

    /** {@code root} is {@code /} in production; tests hand in a tree of their own and a {@code sysfs} view of it. */
    public ElevatorHelper(Path root, HelperSysfs sysfs, HelperRules rules, InputStream in, PrintStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = new DeviceHolds(root, sysfs, notice -> err.println("elevator-helper: " + notice));
        this.rules = rules;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        // standard error never blocks the helper; a one-shot verb's output waits until it holds no device
        BoundedOutput stderr = new BoundedOutput(new FileOutputStream(FileDescriptor.err), "elevator-stderr");
        PrintStream err = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        String limited = callerLimits();
        HelperExit refused = !ProcessIds.current().isRoot() ? fail(err, HelperExit.NOT_ROOT, "the helper must run as root")
                : limited == null ? null : fail(err, HelperExit.LIMITS_TOO_LOW, "started with " + limited + ", which root may not raise here; nothing was changed");
        boolean session = args.length > 0 && args[0].equals("benchmark");
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        BoundedOutput oneShotOut = session ? null : new BoundedOutput(stdout, "elevator-stdout");
        if (!session) startDeadline(err);
        HelperExit result = refused != null ? refused : new ElevatorHelper(Path.of("/"), new HelperSysfs(Path.of("/")), HelperRules.system(System.in), System.in,
                new PrintStream(session ? stdout : oneShotOut, true), err).run(args);
        if (oneShotOut != null) oneShotOut.drain(OUTPUT_MILLIS);
        stderr.drain(OUTPUT_MILLIS);
        System.exit(result.code());
    }

    /**
     * Why the resource limits the helper inherits ({@code limits}: the text of /proc/PID/limits; pkexec
     * passes them on) are too low, or null. The launcher raises them; where root may not raise a hard
     * limit, one still too low would have the kernel kill the helper between a switch and its restore
     * (CPU time: a session may last an hour) or fail its record (file size: the rules file, the largest
     * root writes, is well below 16 MiB), so the helper refuses to start, before it changes anything.
     */
    static String callerLimits(List<String> limits) {
        for (String line : limits) {
            boolean cpu = line.startsWith("Max cpu time"), file = line.startsWith("Max file size");
            if (!cpu && !file) continue;
            String soft = line.substring(13).trim().split("\\s+")[0];
            if (soft.equals("unlimited")) continue;
            long value = soft.matches("[0-9]{1,18}") ? Long.parseLong(soft) : -1;
            if (cpu && value < 3600) return "a CPU-time limit of " + soft + " s";
            if (file && value < 16L << 20) return "a file-size limit of " + soft + " bytes";
        }
        return null;
    }

    private static String callerLimits() {
        try {
            return callerLimits(Files.readAllLines(Path.of("/proc/self/limits")));
        } catch (IOException unreadable) {
            return "limits that cannot be read (" + unreadable.getMessage() + ")";
        }
    }

    /** The monotonic clock runs on while the process is stopped, so a continued helper past its time ends at once. */
    private static void startDeadline(PrintStream err) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(ONE_SHOT_SECONDS);
        Thread t = new Thread(() -> {
            try {
                while (System.nanoTime() < end || DeviceHolds.open() > 0) Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
            err.println("elevator-helper: the helper ran out of time (its caller kept it waiting); it holds no device");
            Runtime.getRuntime().halt(HelperExit.TIMED_OUT.code());
        }, "elevator-deadline");
        t.setDaemon(true);
        t.start();
    }

    public HelperExit run(String[] args) {
        try {
            String verb = args.length == 0 ? "" : args[0];
            if (args.length != ARGUMENTS.getOrDefault(verb, -1)) return fail(err, HelperExit.USAGE, USAGE);
            List<HelperEvent.Recovered> recovered = holds.recoverStale();
            for (HelperEvent.Recovered r : recovered) {
                if (r.holderPid() != 0) err.println("elevator-helper: a benchmark of " + r.device() + " (pid " + r.holderPid() + ") stopped without restoring; " + r.action());
            }
            String listed = args.length > 1 ? sysfs.listed(args[1]) : null;
            if (args.length > 1 && listed == null) return fail(err, HelperExit.NO_SUCH_DEVICE, "no block device is named " + Printable.quoted(args[1]));
            DeviceState device = listed == null ? null : new DeviceState(sysfs, listed);
            // input is checked before the lock is taken too, so that bad input changes nothing at all
            if (verb.equals("set-scheduler")) device.variant(args[2]);
            if (verb.equals("tune")) device.setting(args[2], args[3]);
            return switch (verb) {
                case "set-scheduler" -> underLock(listed, () -> {
                    device.apply(args[2]);
                    var after = sysfs.readScheduler(listed);
                    return HelperProtocol.encode(new HelperEvent.State(listed, after.active(), after.offered()));
                });
                // a setting changes how a benchmark under way measures, so tuning takes the device's lock too
                case "tune" -> underLock(listed, () -> {
                    DeviceState.Change c = device.set(args[2], args[3]);
                    return HelperProtocol.json(new Tuned(listed, c.setting(), c.value(), DeviceState.number(c.previous())));
                });
                case "benchmark" -> new BenchmarkSession(root, sysfs, holds, in, out, err).run(listed);
                case "restore" -> {
                    for (HelperEvent.Recovered r : recovered) out.println(HelperProtocol.encode(r));
                    yield HelperExit.OK;
                }
                case "write-rules" -> rules.write(out, err);
                default -> rules.remove(out, err);
            };
        } catch (DeviceState.Refused refused) {
            return fail(err, refused.exit, refused.getMessage());
        } catch (NoSuchFileException e) {
            return fail(err, HelperExit.DEVICE_GONE, "the device disappeared while it was being changed");
        } catch (IOException | RuntimeException e) {
            return fail(err, HelperExit.INTERNAL, "unexpected failure: " + e.getMessage());
        }
    }

    /** What a one-shot verb does while it holds a device's lock: its answer line. */
    private interface LockedWork {
        String run() throws IOException, DeviceState.Refused;
    }

    /** Runs {@code work} holding {@code listed}'s lock, its answer kept until the lock is released: a caller who reads nothing holds no device. */
    private HelperExit underLock(String listed, LockedWork work) throws IOException, DeviceState.Refused {
        String answer;
        try (DeviceHolds.Hold ignored = holds.take(listed)) {
            answer = work.run();
        } catch (DeviceHolds.Busy busy) {
            return fail(err, HelperExit.DEVICE_BUSY, busy.getMessage());
        }
        out.println(answer);
        return HelperExit.OK;
    }

    /** Says why on one line (input and the kernel's words made printable) and returns the exit. */
    static HelperExit fail(PrintStream err, HelperExit exit, String message) {
        err.println("elevator-helper: " + Printable.oneLine(message));
        return exit;
    }
}
