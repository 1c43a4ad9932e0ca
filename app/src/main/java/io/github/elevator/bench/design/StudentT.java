package io.github.elevator.bench.design;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Tail probabilities and quantiles of Student's t, cached: every look asks the same few again. */
final class StudentT {
    private static final int CACHE_LIMIT = 20_000;
    private static final Map<Integer, TDistribution> DISTRIBUTIONS = new ConcurrentHashMap<>();
    private static final Map<Key, Double> QUANTILES = new ConcurrentHashMap<>();

    private record Key(int df, double upperTail) {
    }

    private StudentT() {
    }

    /** P(|T| >= |t|) with {@code df} degrees of freedom. */
    static double twoSidedP(double t, int df) {
        if (Double.isNaN(t)) return 1;
        // The lower tail keeps its precision far out, where 1 - cdf(t) would round to 0.
        return Math.min(1, 2 * distribution(df).cumulativeProbability(-Math.abs(t)));
    }

    /** The x with P(T > x) = {@code upperTail}. */
    static double quantile(double upperTail, int df) {
        if (QUANTILES.size() > CACHE_LIMIT) QUANTILES.clear();
        return QUANTILES.computeIfAbsent(new Key(df, upperTail),
                k -> -distribution(k.df()).inverseCumulativeProbability(k.upperTail()));
    }

    private static TDistribution distribution(int df) {
        if (df < 1) throw new IllegalArgumentException("Student's t needs at least one degree of freedom, not " + df); // untranslated: a bug
        // No random generator: these are only ever evaluated, never sampled.
        return DISTRIBUTIONS.computeIfAbsent(df, d -> new TDistribution(null, d));
    }
}
