package io.github.elevator.bench;

import java.util.List;

/** Mean, 95 % confidence interval and Welch's t-test, for the handful of repeats a sweep makes. */
public final class Statistics {
    /** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom. */
    private static final double[] T975 = {
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    private Statistics() {
    }

    /** Mean and the half-width of its 95 % confidence interval (0 for a single value). */
    public record Summary(double mean, double ci95, int n, double variance) {
    }

    public static Summary summarize(List<Double> values) {
        int n = values.size();
        if (n == 0) return new Summary(Double.NaN, Double.NaN, 0, Double.NaN);
        double mean = values.stream().mapToDouble(Double::doubleValue).sum() / n;
        if (n == 1) return new Summary(mean, 0, 1, 0);
        double ss = 0;
        for (double v : values) ss += (v - mean) * (v - mean);
        double variance = ss / (n - 1);
        return new Summary(mean, tQuantile(n - 1) * Math.sqrt(variance / n), n, variance);
    }

    public static double tQuantile(double degreesOfFreedom) {
        int df = (int) Math.floor(degreesOfFreedom);
        if (df < 1) return T975[0];
        return df <= T975.length ? T975[df - 1] : 1.96;
    }

    /**
     * Welch's t-test at the 5 % level: true when the two means differ by more than the noise
     * of both samples explains. Needs at least two values on each side.
     */
    public static boolean significantlyDifferent(Summary a, Summary b) {
        if (a.n() < 2 || b.n() < 2) return false;
        double va = a.variance() / a.n(), vb = b.variance() / b.n();
        double diff = Math.abs(a.mean() - b.mean());
        if (va + vb == 0) return diff > 0;
        double t = diff / Math.sqrt(va + vb);
        double df = (va + vb) * (va + vb)
                / ((va * va) / (a.n() - 1) + (vb * vb) / (b.n() - 1));
        return t > tQuantile(df);
    }
}
