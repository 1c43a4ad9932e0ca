package io.github.elevator.bench;

import io.github.elevator.text.Messages;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * One load kept running while the device's scheduler is switched under it, measured in short
 * windows (slices), so that the schedulers of a block can take turns every tenth of a second. On
 * a shared machine the speed drifts within a tenth of a second far less than between seconds:
 * fio on a RAM-backed loop device, 50 ms windows, varied by 11.5 % overall but by 4.4 % from one
 * window to the next. A switch only freezes the queue for a moment (about 25 ms); the load goes on.
 */
public final class RunningLoad implements AutoCloseable {
    private final String device;
    private final Path proc;
    private final Workload workload;
    private final String engine;
    private final Meter meter = new Meter();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread worker;
    private volatile boolean stopped;

    private RunningLoad(String device, Path proc, Workload workload, String engine, TimedRun.Load load) {
        this.device = device;
        this.proc = proc;
        this.workload = workload;
        this.engine = engine;
        this.worker = new Thread(() -> {
            try {
                load.run(meter, () -> !stopped);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "elevator-load-" + workload.id());
        worker.setDaemon(true);
    }

    /**
     * Starts {@code load} and lets it run {@code warmupSeconds} before returning, so that the first
     * slice finds the engine open, its code compiled and the queue full.
     */
    public static RunningLoad start(String device, Path proc, Workload workload, String engine, TimedRun.Load load,
                                    double warmupSeconds) throws IOException, InterruptedException {
        RunningLoad running = new RunningLoad(device, proc, workload, engine, load);
        running.meter.startMeasuring();
        running.worker.start();
        try {
            running.worker.join((long) (warmupSeconds * 1000));
            running.checkRunning();
            CpuTimes.read(proc.resolve("stat")); // load the sampler's code outside any slice
            Meter.micros(running.meter.takeInterval(), 99);
            return running;
        } catch (IOException | InterruptedException | RuntimeException e) {
            running.close();
            throw e;
        }
    }

    public Workload workload() {
        return workload;
    }

    /**
     * One slice on {@code scheduler} (the one the device is on now): waits {@code settleSeconds}
     * after the switch before it, then measures for {@code seconds}. CPU is the whole system's, as
     * in {@link TimedRun}.
     */
    public RunResult measure(String scheduler, double settleSeconds, double seconds, BooleanSupplier cancelled)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        worker.join(Math.max(1, (long) (settleSeconds * 1000)));
        checkRunning();
        meter.takeInterval();
        CpuTimes cpuStart = CpuTimes.read(proc.resolve("stat"));
        long ops0 = meter.ops(), bytes0 = meter.bytes(), start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        for (long left = end - System.nanoTime(); left > 0 && !cancelled.getAsBoolean(); left = end - System.nanoTime()) {
            worker.join(Math.max(1, Math.min(100, left / 1_000_000)));
            checkRunning();
        }
        if (cancelled.getAsBoolean()) throw new TimedRun.CancelledException();
        long ops = meter.ops() - ops0, bytes = meter.bytes() - bytes0;
        double elapsed = (System.nanoTime() - start) / 1e9;
        Histogram latencies = meter.takeInterval();
        return TimedRun.result(scheduler, workload, 0, engine, elapsed, ops, bytes, latencies, cpuStart, CpuTimes.read(proc.resolve("stat")));
    }

    private void checkRunning() throws IOException {
        Throwable t = failure.get();
        if (t != null) throw TimedRun.asIoException(t);
        if (!worker.isAlive()) throw new IOException(Messages.text("bench.load.stopped", workload.id(), device));
    }

    /** Stops the load and waits for its end (30 s at most, as {@link TimedRun}), so nothing reads the device afterwards. */
    @Override
    public void close() {
        stopped = true;
        try {
            worker.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
