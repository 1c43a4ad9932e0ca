package io.github.elevator.bench.design;

/**
 * One scheduler's run within one block: the value of the workload's ranked metric, the
 * system-wide busy CPU seconds per completed I/O ({@code NaN} when unknown) and how many I/Os the
 * run completed ({@code NaN} when unknown): a value counted from a few whole I/Os is known no
 * better than one I/O in that many, however alike the blocks look.
 */
public record Observation(String scheduler, double value, double cpuPerIo, double ios) {
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
