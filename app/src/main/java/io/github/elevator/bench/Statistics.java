package io.github.elevator.bench;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;

/**
 * Mean and 95 % confidence interval of one scheduler's runs, for the results table. Whether two
 * schedulers differ is not judged from these: see {@link io.github.elevator.bench.design.PairedAnalysis}.
 */
public final class Statistics {
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

    /** The two-sided 95 % quantile of Student's t. */
    public static double tQuantile(double degreesOfFreedom) {
        return new TDistribution(null, Math.max(1, degreesOfFreedom)).inverseCumulativeProbability(0.975);
    }
}
