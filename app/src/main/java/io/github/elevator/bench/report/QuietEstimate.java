package io.github.elevator.bench.report;

/**
 * How long a not-measured answer would take to resolve on a quiet machine: the sweep's own pace
 * with the noise of an earlier sweep of the same device and schedulers that ran while other
 * programs left the machine alone.
 *
 * @param seconds    more seconds at that noise (0: the blocks already run would have been enough)
 * @param measuredAt when the quiet sweep finished (its report's {@code finishedAt})
 * @param otherCores what other programs used of the machine during it, in cores
 */
public record QuietEstimate(double seconds, String measuredAt, double otherCores) {
    /** Other programs' use of the machine up to which a sweep counts as quiet, in cores. */
    public static final double QUIET_CORES = 0.25;
    /** From this much use by other programs on, a sweep is busy enough to look for a quiet one. */
    public static final double BUSY_CORES = 0.5;
}
