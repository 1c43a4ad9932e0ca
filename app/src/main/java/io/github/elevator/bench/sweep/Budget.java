package io.github.elevator.bench.sweep;

import java.util.function.LongSupplier;

/**
 * The time a benchmark is given, counted on one clock from one start: what is spent and what is left.
 *
 * @param clock   nanoseconds, as {@link System#nanoTime()} (tests give one that only moves when they say)
 * @param start   the clock's reading when the budget began
 * @param seconds what the budget allows
 */
public record Budget(LongSupplier clock, long start, int seconds) {
    /** {@code seconds} on the system's clock, from now. */
    public static Budget of(int seconds) {
        return of(seconds, System::nanoTime);
    }

    /** {@code seconds} on {@code clock}, from its reading now. */
    public static Budget of(int seconds, LongSupplier clock) {
        return new Budget(clock, clock.getAsLong(), seconds);
    }

    /** The same allowance on the same clock, begun anew now. */
    public Budget fromNow() {
        return of(seconds, clock);
    }

    /** Seconds since the start. */
    public double elapsed() {
        return (clock.getAsLong() - start) / 1e9;
    }

    /** Seconds of the budget left, never below zero. */
    public double left() {
        return Math.max(0, seconds - elapsed());
    }

    /** The share of the budget spent, at most one. */
    public double spent() {
        return Math.min(1, elapsed() / seconds);
    }
}
