package io.github.elevator.bench.design;

/**
 * The variance of a block's log ratio of two runs that their slices give. The slices of the two
 * runs take turns in rounds, so slice k of one lies beside slice k of the other: the ratios of the
 * rounds, d_k, scatter by what each slice alone measured, while a drift within the block moves both
 * and leaves d_k nearly alone; their sample variance over their number is how well the block's
 * ratio is known. A throttle that lets reads out in bursts gives rounds of 150 against 0 reads and
 * the other way round, however steady a few blocks' ratios happen to be. Runs whose slices do not
 * pair (another program spoiled one) give each run's own slices' variance, summed.
 */
final class SlicePairs {
    private SlicePairs() {
    }

    /** 0 when neither run has two slices. */
    static double variance(double[] a, double[] b) {
        if (a.length == b.length && a.length >= 2) {
            double[] d = new double[a.length];
            for (int k = 0; k < d.length; k++) d[k] = a[k] - b[k];
            return ofMean(d);
        }
        return ofMean(a) + ofMean(b);
    }

    /** The variance of the mean of {@code values}: their sample variance over their number; 0 for fewer than two. */
    private static double ofMean(double[] values) {
        int n = values.length;
        if (n < 2) return 0;
        double mean = 0;
        for (double v : values) mean += v / n;
        double squares = 0;
        for (double v : values) squares += (v - mean) * (v - mean);
        return squares / (n - 1) / n;
    }
}
