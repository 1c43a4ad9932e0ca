package io.github.elevator.bench.design;

/**
 * One scheduler's run within one block: the value of the workload's ranked metric and the
 * system-wide busy CPU seconds per completed I/O ({@code NaN} when unknown).
 */
public record Observation(String scheduler, double value, double cpuPerIo) {
    public Observation {
        if (scheduler == null || scheduler.isBlank()) throw new IllegalArgumentException("an observation needs a scheduler name"); // untranslated: a bug
        // Comparisons are ratios: a zero or negative figure has no logarithm and means the run measured nothing.
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("the measured value of " + scheduler + " must be a positive number, not " + value); // untranslated: a bug
        }
        if (cpuPerIo < 0 || Double.isInfinite(cpuPerIo)) {
            throw new IllegalArgumentException("CPU per I/O of " + scheduler + " must be zero or more, or NaN when unknown, not " + cpuPerIo); // untranslated: a bug
        }
    }

    /** Without a CPU figure. */
    public Observation(String scheduler, double value) {
        this(scheduler, value, Double.NaN);
    }
}
