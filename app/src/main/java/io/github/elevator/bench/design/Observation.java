package io.github.elevator.bench.design;

import java.util.List;

/**
 * One scheduler's run within one block: the value of the workload's ranked metric, the
 * system-wide busy CPU seconds per completed I/O ({@code NaN} when unknown), how many I/Os the
 * run completed ({@code NaN} when unknown): a value counted from a few whole I/Os is known no
 * better than one I/O in that many, however alike the blocks look; and the log value of each of
 * the run's slices, in the order of the block's rounds (none when it had one slice, or the figure
 * is no rate): a run is known no better than its slices agree with the other slot's in the same
 * rounds.
 */
public record Observation(String scheduler, double value, double cpuPerIo, double ios, List<Double> sliceLogs) {
    public Observation {
        if (scheduler == null || scheduler.isBlank()) throw new IllegalArgumentException("an observation needs a scheduler name"); // untranslated: a bug
        // Comparisons are ratios: a zero or negative figure has no logarithm and means the run measured nothing.
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("the measured value of " + scheduler + " must be a positive number, not " + value); // untranslated: a bug
        }
        if (cpuPerIo < 0 || Double.isInfinite(cpuPerIo)) {
            throw new IllegalArgumentException("CPU per I/O of " + scheduler + " must be zero or more, or NaN when unknown, not " + cpuPerIo); // untranslated: a bug
        }
        if (ios < 0 || Double.isInfinite(ios)) {
            throw new IllegalArgumentException("the I/Os of " + scheduler + " must be zero or more, or NaN when unknown, not " + ios); // untranslated: a bug
        }
        sliceLogs = List.copyOf(sliceLogs);
    }

    /** Of one slice, or of slices whose agreement is not known. */
    public Observation(String scheduler, double value, double cpuPerIo, double ios) {
        this(scheduler, value, cpuPerIo, ios, List.of());
    }

    /** Without a count of I/Os. */
    public Observation(String scheduler, double value, double cpuPerIo) {
        this(scheduler, value, cpuPerIo, Double.NaN);
    }

    /** Without a CPU figure. */
    public Observation(String scheduler, double value) {
        this(scheduler, value, Double.NaN, Double.NaN);
    }
}
