package io.github.elevator.helper;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.RunningLoad;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.engine.IoEngine;
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
import java.util.function.IntFunction;

/**
 * {@code elevator-helper benchmark DEVICE}: holds one device for the app's benchmark. It reads
 * commands on standard input ({@code switch SCHEDULER [NAME=VALUE]...}, {@code read WORKLOAD SECONDS},
 * {@code load WORKLOAD} and {@code measure SECONDS} for slices of a load that runs through switches, {@code end};
 * see {@link io.github.elevator.helper.protocol.HelperProtocol}) and answers each with an event
 * before it reads the next; the caller keeps its end open until it has its answers. Write
 * workloads are not here: the app runs them with the user's own rights while the device is held.
 * <p>
 * The original scheduler comes back on every way out: {@code end} or end of input, SIGTERM, SIGINT
 * or SIGHUP (a shutdown hook), the parent's death, no command for {@link #IDLE_SECONDS}, the
 * {@link #DEADLINE_SECONDS} of a whole session, and a caller that stops reading. SIGKILL leaves the
 * root-owned record behind ({@link DeviceHolds}), which the next helper of any verb acts on.
 */
final class BenchmarkSession {
    static final long IDLE_SECONDS = 120;
    static final long DEADLINE_SECONDS = 3600;
    static final double WARMUP_SECONDS = 0.1;
    static final double MAX_READ_SECONDS = 60;
    static final double MIN_SLICE_SECONDS = 0.02;
    /** After a switch, the new scheduler's first requests (fresh tags, empty queues) are not its steady state. */
    static final double SETTLE_SECONDS = 0.01;

    private final Path root;
    private final HelperSysfs sysfs;
    private final DeviceHolds holds;
    private final IntFunction<IoEngine> engines;
    private final InputStream in;
    private final OutputStream out;
    private final PrintStream err;
    /** The load {@code load} started, running until the next load, read or the end; null when none runs. */
    private RunningLoad running;

    BenchmarkSession(Path root, HelperSysfs sysfs, DeviceHolds holds, IntFunction<IoEngine> engines,
                     InputStream in, OutputStream out, PrintStream err) {
        this.root = root;
        this.sysfs = sysfs;
        this.holds = holds;
        this.engines = engines;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    HelperExit run(String listed) throws IOException {
        SchedulerLine line = sysfs.readScheduler(listed);
        if (!line.hasScheduler() || line.active() == null) return fail(HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        RawReads reads = RawReads.of(root, sysfs, listed, engines);
        try (DeviceHolds.Hold hold = holds.take(listed)) {
            DeviceSettings settings = new DeviceSettings(root, listed);
            Restorer restorer = new Restorer(listed, line.active(), settings.ioschedValues(), settings, hold);
            return hold(listed, line, reads, restorer);
        } catch (DeviceHolds.Busy busy) {
            return fail(HelperExit.DEVICE_BUSY, busy.getMessage());
        }
    }

    private HelperExit hold(String device, SchedulerLine line, RawReads reads, Restorer restorer) {
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
            if (!events.send(new HelperEvent.Ready(device, original, line.offered(), reads.engineNames()))) {
                why = "the caller stopped reading";
            } else {
                why = serve(device, restorer, reads, events, commands, stopping, original);
            }
        } catch (InterruptedException e) {
            why = "interrupted";
        } finally {
            watch.interrupt();
            stopLoad();
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
    private String serve(String device, Restorer restorer, RawReads reads, EventOutput events, CommandInput commands,
                         AtomicBoolean stopping, String original) throws InterruptedException {
        String current = original;
        while (true) {
            Object next = commands.next(IDLE_SECONDS);
            if (next == null) return "no command for " + IDLE_SECONDS + " s";
            if (stopping.get()) return "stopped (input closed, signal, parent gone or deadline)";
            HelperEvent answer;
            if (next instanceof HelperCommand.End) return "";
            if (next instanceof CommandInput.Garbled g) {
                answer = new HelperEvent.Refused("not a command: " + Printable.quoted(g.line()));
            } else if (next instanceof HelperCommand.Switch s) {
                answer = restorer.switchTo(s.variant());
                if (answer instanceof HelperEvent.Switched done) current = done.scheduler();
            } else if (next instanceof HelperCommand.Load l) {
                answer = load(device, l, reads);
            } else if (next instanceof HelperCommand.Measure m) {
                answer = measure(current, m, stopping);
            } else {
                stopLoad();
                answer = read(device, current, (HelperCommand.Read) next, reads, events, stopping);
            }
            if (!events.send(answer)) return "the caller stopped reading";
        }
    }

    private HelperEvent read(String device, String scheduler, HelperCommand.Read command, RawReads reads, EventOutput events,
                             AtomicBoolean stopping) {
        Workload w = Workload.byId(command.workload()).filter(RawReads::reads).orElse(null);
        if (w == null) return new HelperEvent.Refused("not a raw read workload: " + Printable.quoted(command.workload()));
        if (!(command.seconds() >= 0.1 && command.seconds() <= MAX_READ_SECONDS)) {
            return new HelperEvent.Refused("seconds must be from 0.1 to " + (int) MAX_READ_SECONDS);
        }
        try {
            TimedRun.Load load = reads.load(w);
            RunResult r = new TimedRun(device, root.resolve("proc")).run(scheduler, w, 0, reads.engineNames().get(w.id()),
                    WARMUP_SECONDS, command.seconds(), load, s -> events.offer(new HelperEvent.SampleTaken(s)), stopping::get);
            return new HelperEvent.RunDone(r);
        } catch (IllegalArgumentException | IOException e) {
            return new HelperEvent.Refused(w.id() + " failed: " + Printable.oneLine(String.valueOf(e.getMessage())));
        } catch (TimedRun.CancelledException e) {
            return new HelperEvent.Refused("stopped");
        }
    }

    private HelperEvent load(String device, HelperCommand.Load command, RawReads reads) throws InterruptedException {
        stopLoad();
        Workload w = Workload.byId(command.workload()).filter(Workload::raw).orElse(null);
        if (w == null) return new HelperEvent.Refused("not a raw read workload to keep running: " + Printable.quoted(command.workload()));
        try {
            running = RunningLoad.start(device, root.resolve("proc"), w, reads.engineNames().get(w.id()), reads.load(w), WARMUP_SECONDS);
            return new HelperEvent.Loaded(w.id());
        } catch (IllegalArgumentException | IOException e) {
            return new HelperEvent.Refused(w.id() + " failed: " + Printable.oneLine(String.valueOf(e.getMessage())));
        }
    }

    private HelperEvent measure(String scheduler, HelperCommand.Measure command, AtomicBoolean stopping) throws InterruptedException {
        if (running == null) return new HelperEvent.Refused("no load is running: load a workload first");
        if (!(command.seconds() >= MIN_SLICE_SECONDS && command.seconds() <= MAX_READ_SECONDS)) {
            return new HelperEvent.Refused("seconds must be from " + MIN_SLICE_SECONDS + " to " + (int) MAX_READ_SECONDS);
        }
        try {
            return new HelperEvent.RunDone(running.measure(scheduler, SETTLE_SECONDS, command.seconds(), stopping::get));
        } catch (IOException e) {
            String workload = running.workload().id();
            stopLoad();
            return new HelperEvent.Refused(workload + " failed: " + Printable.oneLine(String.valueOf(e.getMessage())));
        } catch (TimedRun.CancelledException e) {
            return new HelperEvent.Refused("stopped");
        }
    }

    private void stopLoad() {
        if (running != null) running.close();
        running = null;
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
     * first; the record goes only when it is back. A variant's settings belong to the scheduler's
     * instance: they are put back before the next switch, and the original scheduler's own settings
     * (which a switch away and back would reset to the kernel's defaults) are written again at the end.
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
                if (!chosen.equals(before) || !requested.isPlain()) hold.remember(original, chosen, originalSettings);
                if (!chosen.equals(before)) sysfs.writeScheduler(device, chosen);
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
