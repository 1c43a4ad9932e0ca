package io.github.elevator.helper;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import io.github.elevator.bench.DeviceLoads;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Sweep;
import io.github.elevator.bench.SweepPlan;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.engine.IoEngine;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.device.SchedulerLine;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;

/**
 * {@code elevator-helper sweep DEVICE all|current WORKLOADS SECONDS REPEATS}: runs the workloads
 * under every scheduler the device offers ("all") or only the active one ("current"), streaming
 * JSON lines on stdout ({"type":"start"|"progress"|"sample"|"run"|"done"|"error"}).
 * <p>
 * The original scheduler comes back and the scratch directory goes away on every way out: the
 * end, an error, "cancel" or end-of-file on stdin (the app closed or died), and SIGTERM, SIGINT
 * or SIGHUP (a shutdown hook). Only SIGKILL escapes; the app's journal covers that.
 */
public final class SweepVerb {
    private static final Gson GSON = new Gson();
    private static final double WARMUP_SECONDS = 0.25;

    private final HelperSysfs sysfs;
    private final Path root;
    private final IntFunction<IoEngine> engines;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    public SweepVerb(HelperSysfs sysfs, Path root, IntFunction<IoEngine> engines, InputStream in, PrintStream out, PrintStream err) {
        this.sysfs = sysfs;
        this.root = root;
        this.engines = engines;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    static SweepVerb refusing(PrintStream err) {
        return new SweepVerb(null, null, null, null, null, err);
    }

    HelperExit run(String device, String which, String workloadList, String secondsText, String repeatsText) throws IOException {
        if (sysfs == null) return fail(HelperExit.USAGE, "sweep is not available here");
        String listed = null;
        for (String name : sysfs.listedNames()) if (name.equals(device)) listed = name;
        if (listed == null) return fail(HelperExit.NO_SUCH_DEVICE, "no block device is named that");
        SchedulerLine line = sysfs.readScheduler(listed);
        if (!line.hasScheduler()) return fail(HelperExit.NO_SCHEDULER, listed + " has no I/O scheduler");
        List<String> schedulers;
        if (which.equals("all")) schedulers = line.offered();
        else if (which.equals("current") && line.active() != null) schedulers = List.of(line.active());
        else return fail(HelperExit.USAGE, "the second argument must be all or current");
        List<Workload> workloads = new ArrayList<>();
        for (String id : workloadList.split(",", -1)) {
            Workload w = Workload.byId(id).orElse(null);
            if (w == null || workloads.contains(w)) return fail(HelperExit.USAGE, "workloads are " + Workload.ids());
            workloads.add(w);
        }
        int seconds = smallNumber(secondsText, (int) SweepPlan.MAX_SECONDS);
        int repeats = smallNumber(repeatsText, SweepPlan.MAX_REPEATS);
        if (seconds < 1 || repeats < 1) {
            return fail(HelperExit.USAGE, "seconds must be 1 to " + (int) SweepPlan.MAX_SECONDS + " and repeats 1 to " + SweepPlan.MAX_REPEATS);
        }
        BlockDevice info = new BlockDeviceScanner(root).find(listed).orElse(null);
        if (info == null) return fail(HelperExit.DEVICE_GONE, "the device disappeared");

        Scratch scratch = null;
        if (workloads.stream().anyMatch(w -> !w.raw())) {
            StringBuilder whyNot = new StringBuilder();
            Path mount = Scratch.mountFor(info, whyNot).orElse(null);
            if (mount == null) return fail(HelperExit.NO_WRITABLE_FILESYSTEM, "write workloads cannot run: " + whyNot);
            scratch = Scratch.create(mount);
        }
        String original = line.active();
        SweepPlan plan = new SweepPlan(schedulers, workloads, repeats, seconds, WARMUP_SECONDS);
        DeviceLoads loads = new DeviceLoads(root.resolve("dev").resolve(listed), info.sizeBytes(),
                logicalBlockSize(listed), engines, scratch == null ? null : scratch.dir());
        try {
            loads.check(workloads);
        } catch (IllegalArgumentException e) {
            closeQuietly(scratch);
            return fail(HelperExit.BENCHMARK_FAILED, e.getMessage());
        }
        return runGuarded(listed, original, plan, loads, scratch);
    }

    private HelperExit runGuarded(String device, String original, SweepPlan plan, DeviceLoads loads, Scratch scratch) {
        AtomicBoolean cancelled = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Sweep.SchedulerControl control = new Control(device);
        Thread hook = new Thread(() -> {
            cancelled.set(true);
            try {
                if (!finished.await(10, TimeUnit.SECONDS)) {
                    control.set(original);
                    closeQuietly(scratch);
                }
            } catch (Exception e) {
                err.println("elevator-helper: could not put " + original + " back on " + device);
            }
        }, "elevator-restore");
        Runtime.getRuntime().addShutdownHook(hook);
        watchStdin(cancelled);
        emit(start(device, original, plan, loads));
        try {
            new Sweep(control, loads, new TimedRun(device, root.resolve("proc"))).run(plan, listener(), cancelled::get);
            emit(event("done"));
            return HelperExit.OK;
        } catch (TimedRun.CancelledException e) {
            emit(event("cancelled"));
            return fail(HelperExit.CANCELLED, "cancelled; " + device + " is back on " + original);
        } catch (IOException | RuntimeException e) {
            String why = String.valueOf(e.getMessage());
            JsonObject error = event("error");
            error.addProperty("message", why);
            emit(error);
            return fail(HelperExit.BENCHMARK_FAILED, "the benchmark failed: " + why + "; " + device + " is back on " + original);
        } finally {
            closeQuietly(scratch);
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is already running and will see the latch
            }
        }
    }

    /** "cancel" on stdin, or stdin closing because the app went away, stops the sweep. */
    private void watchStdin(AtomicBoolean cancelled) {
        Thread t = new Thread(() -> {
            try {
                StringBuilder lineBuf = new StringBuilder();
                int c;
                while ((c = in.read()) != -1) {
                    if (c != '\n') {
                        if (lineBuf.length() < 64) lineBuf.append((char) c);
                        continue;
                    }
                    if (lineBuf.toString().strip().equals("cancel")) break;
                    lineBuf.setLength(0);
                }
            } catch (IOException e) {
                // a broken stdin is the same as a closed one
            }
            cancelled.set(true);
        }, "elevator-stdin");
        t.setDaemon(true);
        t.start();
    }

    private Sweep.Listener listener() {
        return new Sweep.Listener() {
            @Override
            public void progress(int done, int total, double secondsLeft, String doing) {
                JsonObject e = event("progress");
                e.addProperty("done", done);
                e.addProperty("total", total);
                e.addProperty("secondsLeft", secondsLeft);
                e.addProperty("doing", doing);
                emit(e);
            }

            @Override
            public void sample(Sample s) {
                emit(typed("sample", s));
            }

            @Override
            public void run(RunResult r) {
                emit(typed("run", r));
            }
        };
    }

    private JsonObject start(String device, String original, SweepPlan plan, DeviceLoads loads) {
        JsonObject e = event("start");
        e.addProperty("device", device);
        e.addProperty("originalScheduler", original);
        e.add("schedulers", GSON.toJsonTree(plan.schedulers()));
        e.add("workloads", GSON.toJsonTree(plan.workloads().stream().map(Workload::id).toList()));
        JsonObject engineByWorkload = new JsonObject();
        for (Workload w : plan.workloads()) engineByWorkload.addProperty(w.id(), loads.engine(w));
        e.add("engines", engineByWorkload);
        e.addProperty("repeats", plan.repeats());
        e.addProperty("seconds", plan.seconds());
        e.addProperty("estimatedSeconds", plan.estimatedSeconds());
        return e;
    }

    private static JsonObject event(String type) {
        JsonObject e = new JsonObject();
        e.addProperty("type", type);
        return e;
    }

    private static JsonObject typed(String type, Object record) {
        JsonObject e = GSON.toJsonTree(record).getAsJsonObject();
        e.addProperty("type", type);
        return e;
    }

    private synchronized void emit(JsonObject e) {
        out.println(GSON.toJson(e));
        out.flush();
    }

    private int logicalBlockSize(String listed) {
        try {
            return Integer.parseInt(Files.readString(root.resolve("sys/block").resolve(listed).resolve("queue/logical_block_size"),
                    StandardCharsets.US_ASCII).strip());
        } catch (IOException | NumberFormatException e) {
            return 512;
        }
    }

    /** Digits only, at most three of them, within the bound; -1 otherwise. */
    private static int smallNumber(String text, int max) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(Character::isDigit)) return -1;
        int n = Integer.parseInt(text);
        return n <= max ? n : -1;
    }

    private static void closeQuietly(Scratch scratch) {
        if (scratch == null) return;
        try {
            scratch.close();
        } catch (IOException ignored) {
            // best effort; the directory is private (0700) and named for Elevator
        }
    }

    private HelperExit fail(HelperExit exit, String message) {
        err.println("elevator-helper: " + message);
        return exit;
    }

    /** Switches through the same validated, confirming write as set-scheduler. */
    private final class Control implements Sweep.SchedulerControl {
        private final String device;

        Control(String device) {
            this.device = device;
        }

        @Override
        public String active() throws IOException {
            return sysfs.readScheduler(device).active();
        }

        @Override
        public synchronized void set(String scheduler) throws IOException {
            SchedulerLine line = sysfs.readScheduler(device);
            if (!line.offers(scheduler)) throw new IOException(device + " does not offer " + scheduler);
            sysfs.writeScheduler(device, scheduler);
            String now = sysfs.readScheduler(device).active();
            if (!scheduler.equals(now)) throw new IOException(device + " reports " + now + " after writing " + scheduler);
        }
    }
}
