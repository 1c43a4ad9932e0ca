package io.github.elevator.bench.design;

import java.util.Arrays;
import java.util.Objects;

/**
 * One pair of schedulers of a workload.
 *
 * @param ratio   a's metric over b's (geometric mean of the ratios within blocks), raw, not
 *                oriented; null before the first complete block
 * @param ci95    the interval of {@code ratio} the verdict rests on, {lo, hi}; null before
 *                {@link PairedAnalysis#MIN_BLOCKS} blocks
 * @param verdict from a's point of view
 */
public record PairVerdict(String a, String b, Double ratio, double[] ci95, Verdict verdict) {
    public PairVerdict {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(verdict, "verdict");
        if (ci95 != null) {
            if (ci95.length != 2 || !(ci95[0] <= ci95[1])) throw new IllegalArgumentException("ci95 must be {lo, hi}: " + Arrays.toString(ci95)); // untranslated: a bug
            ci95 = ci95.clone();
        }
    }

    @Override
    public double[] ci95() {
        return ci95 == null ? null : ci95.clone();
    }

    /** The same pair from b's point of view: the ratio and its interval inverted, faster and slower swapped. */
    public PairVerdict reversed() {
        Verdict v = switch (verdict) {
            case FASTER -> Verdict.SLOWER;
            case SLOWER -> Verdict.FASTER;
            default -> verdict;
        };
        return new PairVerdict(b, a, ratio == null ? null : 1 / ratio, ci95 == null ? null : new double[] {1 / ci95[1], 1 / ci95[0]}, v);
    }

    public boolean involves(String scheduler) {
        return a.equals(scheduler) || b.equals(scheduler);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PairVerdict p && a.equals(p.a) && b.equals(p.b) && Objects.equals(ratio, p.ratio)
                && Arrays.equals(ci95, p.ci95) && verdict == p.verdict;
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, ratio, Arrays.hashCode(ci95), verdict);
    }

    @Override
    public String toString() {
        return a + " vs " + b + ": " + verdict + " ratio " + ratio + " ci95 " + Arrays.toString(ci95);
    }
}
