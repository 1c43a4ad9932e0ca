package io.github.elevator.bench.design;

/**
 * The variance of a block's log ratio of two runs that their slices give. The slices of the two
 * runs take turns in rounds, so slice k of one lies beside slice k of the other: the ratios of the
 * rounds, d_k, scatter by what each slice alone measured, while a drift within the block moves both
 * and leaves d_k nearly alone; the square of their mean's standard error is how well the block's
 * ratio is known. A throttle that lets reads out in bursts gives rounds of 150 against 0 reads and
 * the other way round, however steady a few blocks' ratios happen to be. Runs whose slices do not
 * pair (another program spoiled one) give each run's own slices' variance, summed.
 */
final class SlicePairs {
    private SlicePairs() {
    }

    /** 0 when neither run has two slices. */
    static double variance(double[] a, double[] b) {
        if (a.length == b.length && a.length >= 2) return ofMean(LogDifferences.of(a, b));
        return ofMean(LogDifferences.of(a, new double[a.length])) + ofMean(LogDifferences.of(b, new double[b.length]));
    }

    /** The variance of the differences' mean: their standard error squared; 0 for fewer than two. */
    private static double ofMean(LogDifferences d) {
        return d.n() < 2 ? 0 : d.standardError() * d.standardError();
    }
}
