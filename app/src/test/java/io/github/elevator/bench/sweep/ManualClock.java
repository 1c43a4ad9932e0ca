package io.github.elevator.bench.sweep;

import java.util.function.LongSupplier;

/** A clock in nanoseconds that moves only when told: a sweep's budget in a test that takes milliseconds. */
final class ManualClock implements LongSupplier {
    private long nanos;

    ManualClock(long startNanos) {
        this.nanos = startNanos;
    }

    void advance(double seconds) {
        nanos += Math.round(seconds * 1e9);
    }

    @Override
    public long getAsLong() {
        return nanos;
    }
}
