package io.github.elevator.helper;

import io.github.elevator.device.SchedulerLine;
import io.github.elevator.device.SchedulerVariant;
import io.github.elevator.helper.protocol.HelperCommand;
import io.github.elevator.helper.protocol.HelperEvent;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code elevator-helper benchmark DEVICE}: holds one device for the app's benchmark. Once it
 * holds it, it hands the app the device opened read-only and O_DIRECT ({@link DeviceHandover})
 * and says it is ready; then it reads commands on standard input ({@code switch SCHEDULER
 * [NAME=VALUE]...}, {@code fio WORKLOAD SECONDS} ({@link FioCheck}), {@code end}; see {@link io.github.elevator.helper.protocol.HelperProtocol}) and
 * answers each with an event before it reads the next. It runs no reads of its own: the app does,
 * through the descriptor, with its own engines and samplers, so none of that code runs as root;
 * only fio, on request, with a fixed argument vector.
 * <p>
 * Commands come on the Unix socket that is standard input and events go out on standard output,
 * as for every other verb: the socket is there because a descriptor can travel only on one, and
 * keeping the events on stdout keeps one event channel for every verb, read by the same code,
 * and the socket carrying exactly one message the other way (the descriptor).
 * <p>
 * The original scheduler comes back on every way out: {@code end} or end of input, SIGTERM, SIGINT
 * or SIGHUP (a shutdown hook), the parent's death, no command for {@link #IDLE_SECONDS}, the
 * {@link #DEADLINE_SECONDS} of a whole session, and a caller that stops reading. SIGKILL leaves the
 * root-owned record behind ({@link DeviceHolds}), which the next helper of any verb acts on.
 */
final class BenchmarkSession {
    static final long IDLE_SECONDS = 120;
    static final long DEADLINE_SECONDS = 3600;

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final DeviceHandover handover;
    private final InputStream in;
    private final OutputStream out;
    private final PrintStream err;

    BenchmarkSession(Path root, HelperSysfs sysfs, DeviceHolds holds, DeviceHandover handover,
                     InputStream in, OutputStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = holds;
        this.handover = handover;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    HelperExit run(String listed) throws IOException {
        SchedulerLine line = sysfs.readScheduler(listed);
        if (!line.hasScheduler() || line.active() == null) return fail(HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        try (DeviceHolds.Hold hold = holds.take(listed)) {
            try {
                handover.handOver(root.resolve("dev").resolve(listed), sysfs.deviceNumber(listed));
            } catch (IOException e) {
                return fail(HelperExit.BENCHMARK_FAILED, "could not hand " + listed + " over to the app (the Unix socket on standard"
                        + " input): " + Printable.oneLine(String.valueOf(e.getMessage())) + "; nothing was changed");
            }
            DeviceSettings settings = new DeviceSettings(root, listed);
            Restorer restorer = new Restorer(listed, line.active(), settings.ioschedValues(), settings, hold);
            return hold(listed, line, restorer);
        } catch (DeviceHolds.Busy busy) {
            return fail(HelperExit.DEVICE_BUSY, busy.getMessage());
        }
    }

    private HelperExit hold(String device, SchedulerLine line, Restorer restorer) {
        String original = line.active();
        EventOutput events = new EventOutput(out);
        AtomicBoolean stopping = new AtomicBoolean();
        CommandInput commands = new CommandInput(in, () -> stopping.set(true));
        Runnable stop = () -> {
            stopping.set(true);
            commands.stop();
        };
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.run();
            try {
                if (!finished.await(5, TimeUnit.SECONDS)) restorer.restore();
            } catch (InterruptedException e) {
                restorer.restore();
            }
        }, "elevator-restore");
        Runtime.getRuntime().addShutdownHook(hook);
        Thread watch = watchParentAndDeadline(stop, restorer.hold);
        String why = "the session ended";
        try {
            if (!events.send(new HelperEvent.Ready(device, original, line.offered(), Map.of()))) {
                why = "the caller stopped reading";
            } else {
                why = serve(restorer, events, commands, stopping);
            }
        } catch (InterruptedException e) {
            why = "interrupted";
        } finally {
            watch.interrupt();
            String back = restorer.restore();
            closeQuietly(restorer.hold); // released before the last answer: a caller who reads nothing holds no device
            events.send(new HelperEvent.Restored(device, back));
            events.drain(1000);
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and sees the latch
            }
        }
        if (why.isEmpty()) return HelperExit.OK;
        return fail(HelperExit.CANCELLED, why + "; " + device + " is back on " + original);
    }

    /** Serves commands until {@code end}; returns "" for a normal end, else why the session stopped. */
    private String serve(Restorer restorer, EventOutput events, CommandInput commands, AtomicBoolean stopping)
            throws InterruptedException {
        while (true) {
            Object next = commands.next(IDLE_SECONDS);
            if (next == null) return "no command for " + IDLE_SECONDS + " s";
            if (stopping.get()) return "stopped (input closed, signal, parent gone or deadline)";
            if (next instanceof HelperCommand.End) return "";
            HelperEvent answer = next instanceof HelperCommand.Switch s
                    ? restorer.switchTo(s.variant())
                    : next instanceof HelperCommand.Fio f ? new FioCheck(sysfs).run(restorer.device, f, stopping::get)
                    : new HelperEvent.Refused("not a command: " + Printable.quoted(((CommandInput.Garbled) next).line()));
            if (!events.send(answer)) return "the caller stopped reading";
        }
    }

    /**
     * Ends the session when the parent dies (the helper is re-parented) or the deadline passes, and
     * shows meanwhile that the holder runs: stopped for longer than {@link DeviceHolds#STALE_SECONDS},
     * it is ended by the next helper that needs the device.
     */
    private static Thread watchParentAndDeadline(Runnable stop, DeviceHolds.Hold hold) {
        long parent = ProcessStat.self().parentPid();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        Thread t = new Thread(() -> {
            try {
                while (ProcessStat.self().parentPid() == parent && System.nanoTime() < deadline) {
                    closeQuietly(hold::beat);
                    Thread.sleep(500);
                }
                stop.run();
            } catch (InterruptedException ended) {
                // the session is over
            }
        }, "elevator-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void closeQuietly(AutoCloseable step) {
        try {
            step.close();
        } catch (Exception e) {
            // the record, or the next helper, deals with what is left
        }
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }

    /**
     * Switches the held device and puts the original back once, from whichever thread gets there
     * first; the record goes only when it is back. Every switch builds the scheduler anew, so a slot
     * runs on the kernel's defaults plus its variant's settings; the original scheduler's own
     * settings (which that resets) are written again at the end.
     */
    private final class Restorer {
        private final String device;
        private final String original;
        private final Map<String, String> originalSettings;
        private final DeviceSettings settings;
        private final DeviceHolds.Hold hold;
        private final List<DeviceSettings.Change> changed = new ArrayList<>();
        private String result;

        Restorer(String device, String original, Map<String, String> originalSettings, DeviceSettings settings, DeviceHolds.Hold hold) {
            this.device = device;
            this.original = original;
            this.originalSettings = originalSettings;
            this.settings = settings;
            this.hold = hold;
        }

        /** A refusal leaves the device as it was before the command: its scheduler, and none of the variant's settings. */
        synchronized HelperEvent switchTo(SchedulerVariant requested) {
            if (result != null) return new HelperEvent.Refused("the session is ending");
            String before = null;
            try {
                SchedulerLine now = sysfs.readScheduler(device);
                before = now.active();
                String chosen = now.listed(requested.scheduler()).orElse(null);
                if (chosen == null) return new HelperEvent.Refused(device + " does not offer " + Printable.quoted(requested.scheduler()));
                undoSettings();
                hold.remember(original, chosen, originalSettings);
                if (chosen.equals(before)) freshInstance(now, chosen);
                else sysfs.writeScheduler(device, chosen);
                String after = sysfs.readScheduler(device).active();
                if (!chosen.equals(after)) return new HelperEvent.Refused(device + " reports " + after + " after writing " + chosen);
                changed.addAll(settings.setAll(requested.settings()));
                return new HelperEvent.Switched(new SchedulerVariant(chosen, requested.settings()).text());
            } catch (DeviceSettings.Refused refused) {
                return new HelperEvent.Refused(refused.getMessage() + backTo(before));
            } catch (IOException e) {
                return new HelperEvent.Refused("could not switch " + device + ": " + Printable.oneLine(String.valueOf(e.getMessage())) + backTo(before));
            }
        }

        /**
         * Every slot runs on the kernel's defaults of its scheduler (and a variant's own settings): the one in use keeps what
         * its user or an earlier variant set, so it is left for another and chosen again, which builds it anew. A device
         * that offers nothing else keeps what it has.
         */
        private void freshInstance(SchedulerLine now, String chosen) throws IOException {
            String other = now.offered().stream().filter(o -> !o.equals(chosen)).findFirst().orElse(null);
            if (other == null) return;
            sysfs.writeScheduler(device, other);
            sysfs.writeScheduler(device, chosen);
        }

        private String backTo(String scheduler) {
            undoSettings();
            if (scheduler == null) return "";
            try {
                if (!scheduler.equals(sysfs.readScheduler(device).active())) sysfs.writeScheduler(device, scheduler);
                return "; " + device + " is on " + sysfs.readScheduler(device).active();
            } catch (IOException e) {
                return "; could not put " + scheduler + " back on " + device;
            }
        }

        /** Puts back, newest first, the settings the last variant changed. */
        private void undoSettings() {
            for (String failed : settings.putBackAll(changed)) err.println("elevator-helper: could not put " + failed + " back on " + device);
            changed.clear();
        }

        synchronized String restore() {
            if (result != null) return result;
            try {
                undoSettings();
                if (!original.equals(sysfs.readScheduler(device).active())) sysfs.writeScheduler(device, original);
                result = sysfs.readScheduler(device).active();
                if (original.equals(result)) {
                    for (String unchanged : settings.restore(originalSettings)) {
                        err.println("elevator-helper: could not put " + unchanged + " back on " + device);
                    }
                    hold.forget();
                } else {
                    err.println("elevator-helper: " + device + " reports " + result + " after putting back " + original);
                }
            } catch (IOException e) {
                err.println("elevator-helper: could not put " + original + " back on " + device + ": "
                        + Printable.oneLine(String.valueOf(e.getMessage())));
                result = "unknown";
            }
            return result;
        }
    }
}
