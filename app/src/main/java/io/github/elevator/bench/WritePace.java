package io.github.elevator.bench;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Holds a writer to a rate: before each chunk it waits until the chunks so far fit the rate, and
 * only then; a writer slower than the rate never waits. After a stall (a frozen queue while the
 * scheduler is switched, a slow request) it may catch up by {@link #BURST} bytes at full speed, no
 * more, so that a long stall is not followed by a long burst.
 */
final class WritePace {
    /** What a stall may be made up by: a switch's frozen queue (about 25 ms) at the pace read-under-write writes. */
    static final long BURST = 8L * StreamingWriter.CHUNK;

    private final long bytesPerSecond;
    private final LongSupplier clock;
    /** When the next chunk is due, on the clock; unset until the first. */
    private long due = Long.MIN_VALUE;

    /** {@code bytesPerSecond}: the rate; {@link Long#MAX_VALUE} for none. {@code clock}: nanoseconds, as {@link System#nanoTime()}. */
    WritePace(long bytesPerSecond, LongSupplier clock) {
        if (bytesPerSecond <= 0) throw new IllegalArgumentException("a pace of " + bytesPerSecond + " B/s"); // untranslated: a bug
        this.bytesPerSecond = bytesPerSecond;
        this.clock = clock;
    }

    static WritePace of(long bytesPerSecond) {
        return new WritePace(bytesPerSecond, System::nanoTime);
    }

    boolean paced() {
        return bytesPerSecond != Long.MAX_VALUE;
    }

    /** Waits until {@code bytes} more may be written at the pace; returns at once when unpaced or behind. */
    void before(long bytes) {
        if (!paced()) return;
        long now = clock.getAsLong();
        long burstNanos = nanos(BURST);
        if (due == Long.MIN_VALUE || now - due > burstNanos) due = now - burstNanos;
        while (due > now) {
            LockSupport.parkNanos(due - now);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                return;
            }
            now = clock.getAsLong();
        }
        due += nanos(bytes);
    }

    private long nanos(long bytes) {
        return Math.round(bytes * 1e9 / bytesPerSecond);
    }
}
