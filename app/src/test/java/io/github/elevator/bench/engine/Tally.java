package io.github.elevator.bench.engine;

import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Counts what an engine reports and checks the data it read against the loop device's pattern. */
final class Tally implements IoRecorder, ReadObserver {
    private final ReadPattern pattern;
    private final Set<Long> offsets = ConcurrentHashMap.newKeySet();
    private long completed;
    private long bytes;
    private long minLatency = Long.MAX_VALUE;
    private long maxLatency;
    private long checked;
    private String firstProblem;

    Tally(ReadPattern pattern) {
        this.pattern = pattern;
    }

    @Override
    public synchronized void completed(int n, long latencyNanos) {
        completed++;
        bytes += n;
        minLatency = Math.min(minLatency, latencyNanos);
        maxLatency = Math.max(maxLatency, latencyNanos);
    }

    @Override
    public synchronized void read(long offset, ByteBuffer data) {
        checked++;
        offsets.add(offset);
        if (firstProblem != null) return;
        if (offset < 0 || offset + pattern.blockSize() > pattern.spanBytes() || offset % pattern.alignment() != 0) {
            firstProblem = "offset " + offset + " is outside the span or not aligned";
        } else if (data.remaining() != pattern.blockSize()) {
            firstProblem = "read at " + offset + " returned " + data.remaining() + " bytes";
        } else if (!PatternedLoop.matches(offset, data)) {
            firstProblem = "the data read at " + offset + " is not the data stored there";
        }
    }

    synchronized long completed() {
        return completed;
    }

    synchronized long bytes() {
        return bytes;
    }

    synchronized long minLatency() {
        return minLatency;
    }

    synchronized long maxLatency() {
        return maxLatency;
    }

    synchronized long checked() {
        return checked;
    }

    synchronized String firstProblem() {
        return firstProblem;
    }

    Set<Long> offsets() {
        return offsets;
    }
}
