package io.github.elevator.bench;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Runs one load for a warm-up and a measured window, sampling four times a second, and turns
 * what the meter saw into a {@link RunResult}. The load runs on its own thread until told to stop.
 */
public final class TimedRun {
    static final long SAMPLE_MILLIS = 250;

    /** Work that keeps the device busy, recording into the meter, until {@code keepGoing} turns false. */
    @FunctionalInterface
    public interface Load {
        void run(Meter meter, BooleanSupplier keepGoing) throws IOException;
    }

    private final String device;
    private final Path proc;

    /** {@code device} is the kernel name, for its /proc/diskstats line; {@code proc} is /proc (injectable). */
    public TimedRun(String device, Path proc) {
        this.device = device;
        this.proc = proc;
    }

    /**
     * A fixed amount of work, run to its end: the time it takes is the measurement, so a slow
     * device is measured as slow instead of finishing nothing in a window. It stops early only
     * when {@code cancelled} turns true.
     */
    @FunctionalInterface
    public interface Work {
        void run(Meter meter, BooleanSupplier cancelled) throws IOException;
    }

    /**
     * @param cancelled checked often; when true the run stops early and throws {@link CancelledException}
     */
    public RunResult run(String scheduler, Workload workload, int repeat, String engine, double warmupSeconds,
                         double seconds, Load load, Consumer<Sample> samples, BooleanSupplier cancelled)
            throws IOException, CancelledException {
        return measure(scheduler, workload, repeat, engine, warmupSeconds, seconds, load, samples, cancelled);
    }

    /**
     * Times {@code work} from its start to its end (no warm-up: what comes first is part of the
     * work), sampling four times a second as a timed run does.
     */
    public RunResult runFixed(String scheduler, Workload workload, int repeat, String engine, Work work,
                              Consumer<Sample> samples, BooleanSupplier cancelled) throws IOException, CancelledException {
        return measure(scheduler, workload, repeat, engine, 0, Double.POSITIVE_INFINITY,
                (meter, keepGoing) -> work.run(meter, () -> !keepGoing.getAsBoolean()), samples, cancelled);
    }

    /** {@code seconds} infinite: until the load returns by itself. */
    private RunResult measure(String scheduler, Workload workload, int repeat, String engine, double warmupSeconds,
                              double seconds, Load load, Consumer<Sample> samples, BooleanSupplier cancelled)
            throws IOException, CancelledException {
        Meter meter = new Meter();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long warmupEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
        AtomicLong end = new AtomicLong(Long.MAX_VALUE);
        BooleanSupplier keepGoing = () -> System.nanoTime() < end.get() && failure.get() == null && !cancelled.getAsBoolean();
        boolean fixed = Double.isInfinite(seconds);
        Thread worker = new Thread(() -> {
            try {
                load.run(meter, keepGoing);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "elevator-load-" + workload.id());
        worker.setDaemon(true);
        if (!fixed) worker.start();
        try {
            primeSampler(meter);
            sleepUntil(warmupEnd, worker, cancelled);
            CpuTimes cpuStart = CpuTimes.read(proc.resolve("stat"));
            meter.startMeasuring();
            long start = System.nanoTime();
            if (fixed) worker.start(); // all of the work inside the clock
            else end.set(start + (long) (seconds * 1e9));
            CpuTimes cpuPrev = cpuStart;
            DiskCounters diskPrev = disk();
            long opsPrev = 0, bytesPrev = 0, tPrev = start;
            while (worker.isAlive() && System.nanoTime() < end.get() && !cancelled.getAsBoolean()) {
                sleepUntil(Math.min(end.get(), tPrev + SAMPLE_MILLIS * 1_000_000), worker, cancelled);
                long now = System.nanoTime();
                double dt = (now - tPrev) / 1e9;
                if (dt <= 0) continue;
                CpuTimes cpu = CpuTimes.read(proc.resolve("stat"));
                DiskCounters d = disk();
                long ops = meter.ops(), bytes = meter.bytes();
                Histogram h = meter.takeInterval();
                samples.accept(new Sample(scheduler, workload.id(), repeat, (now - start) / 1e9,
                        (ops - opsPrev) / dt, (bytes - bytesPrev) / dt / (1 << 20),
                        Meter.micros(h, 50), Meter.micros(h, 99),
                        cpu.systemPercentSince(cpuPrev), cpu.iowaitPercentSince(cpuPrev),
                        Math.round((d.merges() - diskPrev.merges()) / dt), d.inFlight()));
                cpuPrev = cpu;
                diskPrev = d;
                opsPrev = ops;
                bytesPrev = bytes;
                tPrev = now;
            }
            end.set(System.nanoTime());
            worker.join(30_000);
            long stop = System.nanoTime(); // after the load's own final flush, which counts
            if (failure.get() != null) throw asIoException(failure.get());
            if (cancelled.getAsBoolean()) throw new CancelledException();
            CpuTimes cpuEnd = CpuTimes.read(proc.resolve("stat"));
            return result(scheduler, workload, repeat, engine, (stop - start) / 1e9, meter.ops(), meter.bytes(), meter.whole(),
                    cpuStart, cpuEnd);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } finally {
            end.set(0);
            awaitEnd(worker);
        }
    }

    /**
     * However the run ends (a listener that throws included), the load is over before the caller
     * goes on, so that nothing still works in a folder the caller is about to remove.
     */
    private static void awaitEnd(Thread worker) {
        if (!worker.isAlive() || Thread.currentThread().isInterrupted()) return;
        try {
            worker.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Takes one throw-away sample during the warm-up, so that loading and first running the
     * sampler's code (a few milliseconds of CPU in a fresh JVM) happens before the measured window.
     */
    private void primeSampler(Meter meter) throws IOException {
        CpuTimes.read(proc.resolve("stat"));
        disk();
        Meter.micros(meter.takeInterval(), 99);
    }

    private DiskCounters disk() throws IOException {
        return DiskCounters.of(proc, device);
    }

    /**
     * Waits until the deadline or the worker's end, whichever comes first. One wait per sample,
     * not a poll every few milliseconds: the worker ends by itself when cancelled or failed (its
     * keepGoing asks), and every wake-up here is CPU time counted against the benchmark's own.
     */
    private static void sleepUntil(long deadline, Thread worker, BooleanSupplier cancelled) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left > 0 && !cancelled.getAsBoolean()) worker.join(left / 1_000_000, (int) (left % 1_000_000));
    }

    /** What a measured window saw, as a run: throughput over its time, its latencies, and the whole system's CPU over it. */
    static RunResult result(String scheduler, Workload workload, int repeat, String engine, double elapsed, long ops, long bytes,
                            Histogram latencies, CpuTimes cpuStart, CpuTimes cpuEnd) {
        return new RunResult(scheduler, workload.id(), repeat, elapsed, ops / elapsed, bytes / elapsed / (1 << 20),
                Meter.micros(latencies, 50), Meter.micros(latencies, 99),
                cpuEnd.systemPercentSince(cpuStart), cpuEnd.iowaitPercentSince(cpuStart),
                ops == 0 ? 0 : cpuEnd.busySecondsSince(cpuStart) * 1e6 / ops, engine);
    }

    static IOException asIoException(Throwable t) {
        return t instanceof IOException io ? io : new IOException(t.getMessage() == null ? t.toString() : t.getMessage(), t);
    }

    /** The user or the caller stopped the benchmark. */
    public static final class CancelledException extends Exception {
        public CancelledException() {
            super("cancelled");
        }
    }
}
