package io.github.elevator.bench;

import io.github.elevator.bench.engine.IoRecorder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts completed operations, bytes and latencies from any number of threads. Nothing is
 * counted until {@link #startMeasuring()}, so warm-up traffic never reaches a result.
 * <p>
 * Latencies are kept to two significant digits (within 1 %): the sampler walks every histogram
 * four times a second while the device is being measured, and at three digits each walk covered
 * 27,648 counters instead of 3,840, CPU time that counted against the benchmark's own.
 */
public final class Meter implements IoRecorder {
    private static final long MAX_LATENCY_NANOS = 60_000_000_000L;
    private static final int SIGNIFICANT_DIGITS = 2;

    private final LongAdder ops = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Recorder interval = new Recorder(MAX_LATENCY_NANOS, SIGNIFICANT_DIGITS);
    private final Histogram whole = new Histogram(MAX_LATENCY_NANOS, SIGNIFICANT_DIGITS);
    private Histogram lastInterval;
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

    /**
     * Latencies since the previous call; they are also kept for the whole run. The histogram is
     * valid until the next call, which reuses it (one sampler, no garbage per sample).
     */
    public synchronized Histogram takeInterval() {
        lastInterval = interval.getIntervalHistogram(lastInterval);
        whole.add(lastInterval);
        return lastInterval;
    }

    public synchronized Histogram whole() {
        lastInterval = interval.getIntervalHistogram(lastInterval);
        whole.add(lastInterval);
        return whole.copy();
    }

    public static double micros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
