package io.github.elevator.helper;

import io.github.elevator.protocol.*;

import java.io.*;
import java.nio.file.*;
import java.util.*;

import static io.github.elevator.helper.HelperProcess.fail;

/**
 * {@code elevator-helper}, the root program for devices, started through pkexec ({@link #USAGE}; a
 * session: {@link BenchmarkSession}). DEVICE must equal a name the kernel lists in /sys/block (it is
 * never joined into a path before that); the rest is {@link DeviceState}'s to check. Every verb first
 * deals with records of sessions that died ({@link DeviceHolds}). Answers are JSON lines.
 */
public final class ElevatorHelper {
    private static final String USAGE = "usage: elevator-helper set-scheduler DEVICE SCHEDULER | benchmark DEVICE | restore"
            + " | tune DEVICE KEY VALUE";
    /** Each verb and how many arguments it takes, itself included. */
    private static final Map<String, Integer> ARGUMENTS = Map.of("set-scheduler", 3, "benchmark", 2, "restore", 1, "tune", 4);

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    /** tune's answer: {@code {"device":"loop0","key":"iosched/low_latency","value":0,"previous":1}}. */
    public record Tuned(String device, String key, long value, Long previous) {
    }

    /** {@code root} is {@code /} in production; tests hand in a tree of their own and a {@code sysfs} view of it. */
    public ElevatorHelper(Path root, HelperSysfs sysfs, InputStream in, PrintStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = new DeviceHolds(root, sysfs, notice -> err.println("elevator-helper: " + notice));
        this.in = in;
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        Path root = Path.of("/");
        HelperProcess.main(args.length > 0 && args[0].equals("benchmark"), () -> DeviceHolds.open() > 0,
                (out, err) -> {
                    String confined = HelperCgroups.leave();
                    return confined != null ? fail(err, HelperExit.CONFINED, confined + "; nothing was changed")
                            : new ElevatorHelper(root, new HelperSysfs(root), System.in, out, err).run(args);
                });
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
                    return JsonText.of(new Tuned(listed, c.setting(), c.value(), DeviceState.number(c.previous())));
                });
                case "benchmark" -> new BenchmarkSession(root, sysfs, holds, in, out, err).run(listed);
                default -> {
                    for (HelperEvent.Recovered r : recovered) out.println(HelperProtocol.encode(r));
                    yield HelperExit.OK;
                }
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
}
