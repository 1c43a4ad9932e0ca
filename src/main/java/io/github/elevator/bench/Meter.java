package io.github.elevator.bench;

import io.github.elevator.bench.engine.IoRecorder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts completed operations, bytes and latencies from any number of threads. Nothing is
 * counted until {@link #startMeasuring()}, so warm-up traffic never reaches a result.
 */
public final class Meter implements IoRecorder {
    private static final long MAX_LATENCY_NANOS = 60_000_000_000L;

    private final LongAdder ops = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Recorder interval = new Recorder(MAX_LATENCY_NANOS, 3);
    private final Histogram whole = new Histogram(MAX_LATENCY_NANOS, 3);
    private volatile boolean measuring;

    public void startMeasuring() {
        interval.reset();
        measuring = true;
    }

    @Override
    public void completed(int byteCount, long latencyNanos) {
        if (!measuring) return;
        ops.increment();
        bytes.add(byteCount);
        interval.recordValue(Math.min(Math.max(latencyNanos, 1), MAX_LATENCY_NANOS));
    }

    /** An operation that has no latency of its own worth ranking (e.g. a whole small-file transaction). */
    public void countOnly(long byteCount) {
        if (!measuring) return;
        ops.increment();
        bytes.add(byteCount);
    }

    public long ops() {
        return ops.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    /** Latencies since the previous call; they are also kept for the whole run. */
    public synchronized Histogram takeInterval() {
        Histogram h = interval.getIntervalHistogram();
        whole.add(h);
        return h;
    }

    public synchronized Histogram whole() {
        whole.add(interval.getIntervalHistogram());
        return whole.copy();
    }

    public static double micros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
