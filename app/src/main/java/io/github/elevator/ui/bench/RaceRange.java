package io.github.elevator.ui.bench;

import java.util.Collection;
import java.util.List;

/**
 * The race chart's value axis: it follows the estimates, with room around them, and takes in the
 * intervals only as far as a distance like the estimates' own spread. After two blocks an interval
 * can be 10^9 times the estimates (Student's t on one degree of freedom); an axis that followed it
 * laid every estimate flat on zero. An interval that reaches beyond the axis is cut at its edge and
 * marked there.
 */
record RaceRange(double low, double high) {
    /** Room around the estimates: this share of their spread, and at least this share of the largest. */
    static final double PAD_OF_SPREAD = 0.15, PAD_OF_LARGEST = 0.05;
    /** How far beyond the estimates an interval still widens the axis: their spread, and at least this share of the largest. */
    static final double REACH_OF_LARGEST = 0.25;

    static RaceRange of(Collection<List<RacePoint>> race) {
        double a = Double.POSITIVE_INFINITY, b = 0, lo = Double.POSITIVE_INFINITY, hi = 0;
        for (List<RacePoint> points : race) {
            for (RacePoint p : points) {
                if (!(p.value() > 0) || Double.isInfinite(p.value())) continue;
                a = Math.min(a, p.value());
                b = Math.max(b, p.value());
                lo = Math.min(lo, p.lo());
                hi = Math.max(hi, p.hi());
            }
        }
        if (b <= 0) return new RaceRange(0, 1);
        double pad = Math.max(PAD_OF_SPREAD * (b - a), PAD_OF_LARGEST * b);
        double reach = Math.max(b - a, REACH_OF_LARGEST * b);
        double low = Math.max(0, Math.max(a - reach, Math.min(a - pad, lo)));
        double high = Math.min(b + reach, Math.max(b + pad, hi));
        return new RaceRange(low, high);
    }

    boolean cutsAbove(RacePoint p) {
        return p.hi() > high;
    }

    boolean cutsBelow(RacePoint p) {
        return p.lo() < low;
    }
}
