package io.github.elevator.helper;

import io.github.elevator.protocol.*;

import java.io.*;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.*;

import static io.github.elevator.helper.HelperProcess.fail;

/**
 * {@code elevator-helper benchmark DEVICE}: holds one device, hands it over read-only and O_DIRECT
 * where its kind's driver allows nothing else ({@link HandOverKind}), then answers each command with
 * one event. The app runs the reads and fio, so no benchmark code runs as root. The original comes back
 * once, on the first way out: {@code end} or end of input, SIGTERM, SIGINT or SIGHUP, the parent's
 * death, {@link #IDLE_SECONDS} idle, the {@link #DEADLINE_SECONDS}, a caller that stops reading.
 * SIGKILL and SIGSTOP leave the record and a silent lock for the next helper ({@link DeviceHolds}).
 */
final class BenchmarkSession {
    static final long IDLE_SECONDS = 120;
    static final long DEADLINE_SECONDS = 3600;
    /** How long an event may wait for a caller who reads nothing. */
    static final long PATIENCE_SECONDS = 10;

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final InputStream in;
    private final OutputStream out;
    private final PrintStream err;
    private String device;
    private String original;
    private Map<String, String> originalSettings;
    private DeviceState state;
    private DeviceHolds.Hold hold;
    /** What the last variant changed, put back before the next switch. */
    private List<DeviceState.Change> changed = List.of();
    private String restored;

    BenchmarkSession(Path root, HelperSysfs sysfs, DeviceHolds holds, InputStream in, OutputStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = holds;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    HelperExit run(String listed) throws IOException {
        SchedulerLine line = sysfs.readScheduler(listed);
        if (line.active() == null) return fail(err, HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        String number = sysfs.deviceNumber(listed);
        HandOverKind kind = HandOverKind.of(listed, number, Files.readString(root.resolve("proc/devices")));
        if (kind == HandOverKind.LOOP && !sysfs.bound(listed)) {
            return fail(err, HelperExit.NOT_HANDED_OVER, listed + " is a loop device with no file behind it: it is no benchmark target; nothing was changed");
        }
        // root (run without pkexec, or pkexec's caller) gets what it could open anyway
        boolean handOver = kind.handedOver(sysfs.removable(listed)) || List.of("", "0").contains(Objects.requireNonNullElse(System.getenv("PKEXEC_UID"), ""));
        try (DeviceHolds.Hold held = holds.take(listed)) {
            try {
                if (handOver) DescriptorPassing.handOver(root.resolve("dev").resolve(listed), number, 0);
            } catch (IOException e) {
                return fail(err, HelperExit.BENCHMARK_FAILED, "could not hand " + listed + " over to the app (the Unix socket"
                        + " on standard input): " + e.getMessage() + "; nothing was changed");
            }
            device = listed;
            original = line.active();
            state = new DeviceState(sysfs, listed);
            originalSettings = state.settingsToKeep();
            hold = held;
            return serve(line.offered());
        } catch (DeviceHolds.Busy busy) {
            return fail(err, HelperExit.DEVICE_BUSY, busy.getMessage());
        }
    }

    private HelperExit serve(List<String> offered) throws IOException {
        BoundedOutput events = new BoundedOutput(out, "elevator-output");
        CommandInput commands = new CommandInput(in);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            commands.stop();
            try {
                if (!finished.await(5, TimeUnit.SECONDS)) restore();
            } catch (InterruptedException e) {
                restore();
            }
        }, "elevator-restore");
        Runtime.getRuntime().addShutdownHook(hook);
        Thread watch = watchParentAndDeadline(commands);
        String why = "the caller stopped reading";
        try {
            if (send(events, new HelperEvent.Ready(device, original, offered, Map.of()))) why = answer(events, commands);
        } catch (InterruptedException e) {
            why = "interrupted";
        } finally {
            watch.interrupt();
            String back = restore();
            hold.close(); // released before the last answer: a caller who reads nothing holds no device
            send(events, new HelperEvent.Restored(device, back));
            events.drain(1000);
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and sees the latch
            }
        }
        return why.isEmpty() ? HelperExit.OK : fail(err, HelperExit.CANCELLED, why + "; " + device + " is back on " + original);
    }

    private static boolean send(BoundedOutput events, HelperEvent event) {
        return events.offer(HelperProtocol.encode(event), PATIENCE_SECONDS);
    }

    /** Answers commands until {@code end}; returns "" for a normal end, else why the session stopped. */
    private String answer(BoundedOutput events, CommandInput commands) throws InterruptedException {
        while (true) {
            Object next = commands.next(IDLE_SECONDS);
            if (next == null) return "no command for " + IDLE_SECONDS + " s";
            if (commands.stopped()) return "stopped (input closed, signal, parent gone or deadline)";
            if (next instanceof HelperCommand.End) return "";
            HelperEvent answer = next instanceof HelperCommand.Switch s ? switchTo(s.variant())
                    : new HelperEvent.Refused("not a command: " + Printable.quoted((String) next));
            if (!send(events, answer)) return "the caller stopped reading";
        }
    }

    /** Ends the session when the parent dies or the deadline passes, and meanwhile shows the holder runs ({@link DeviceHolds#STALE_SECONDS}). */
    private Thread watchParentAndDeadline(CommandInput commands) {
        long parent = ProcessStat.self().parentPid();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        Thread t = new Thread(() -> {
            try {
                while (ProcessStat.self().parentPid() == parent && System.nanoTime() < deadline) {
                    try {
                        hold.beat();
                    } catch (IOException missed) {
                        // a missed beat only makes the holder look silent sooner
                    }
                    Thread.sleep(500);
                }
                commands.stop();
            } catch (InterruptedException ended) {
                // the session is over
            }
        }, "elevator-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /**
     * The last variant's settings are put back first; the record names the scheduler the device is on
     * and the one written next before each write. A refusal leaves the device as it was before the command.
     */
    private synchronized HelperEvent switchTo(SchedulerVariant requested) {
        if (restored != null) return new HelperEvent.Refused("the session is ending");
        try {
            String before = state.active();
            warn(state.undo(changed));
            changed = List.of();
            if (!sysfs.readScheduler(device).offers(requested.scheduler())) {
                return new HelperEvent.Refused(device + " does not offer " + Printable.quoted(requested.scheduler()));
            }
            try {
                String on = requested.scheduler().equals(before) ? anew(before) : before;
                hold.remember(original, on, requested.scheduler(), originalSettings);
                changed = state.apply(requested.text());
            } catch (DeviceState.Refused | IOException e) {
                state.putBack(before);
                throw e;
            }
            return new HelperEvent.Switched(requested.text());
        } catch (DeviceState.Refused refused) {
            return new HelperEvent.Refused(refused.getMessage());
        } catch (IOException e) {
            return new HelperEvent.Refused("could not switch " + device + ": " + Printable.oneLine(String.valueOf(e.getMessage())));
        }
    }

    /** Every slot runs on its scheduler's defaults: the one in use keeps what was set on it, so it is left for another first and built anew. */
    private String anew(String scheduler) throws IOException {
        String other = sysfs.readScheduler(device).offered().stream().filter(o -> !o.equals(scheduler)).findFirst().orElse(null);
        if (other == null) return scheduler;
        hold.remember(original, scheduler, other, originalSettings);
        sysfs.writeScheduler(device, other);
        return other;
    }

    /** Puts the original back once, from whichever thread gets there first; the record goes only when it is back. */
    private synchronized String restore() {
        if (restored != null) return restored;
        restored = "unknown";
        try {
            warn(state.undo(changed));
            if (!state.putBack(original)) {
                err.println("elevator-helper: " + device + " reports " + state.active() + " after putting back " + original);
                return restored = state.active();
            }
            warn(state.restore(originalSettings).failed());
            hold.forget();
            restored = original;
        } catch (IOException e) {
            err.println("elevator-helper: could not put " + original + " back on " + device + ": " + Printable.oneLine(String.valueOf(e.getMessage())));
        }
        return restored;
    }

    private void warn(List<String> failed) {
        for (String setting : failed) err.println("elevator-helper: could not put " + setting + " back on " + device);
    }
}
