package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;

import java.util.List;
import java.util.Locale;

/** Verdicts in words a person reads. */
final class Wording {
    static final String WHAT_TO_DO = "give it a longer budget, fewer workloads or a quieter machine";

    private Wording() {
    }

    /**
     * "none is 12 % faster than mq-deadline (95 % CI 8–16 %)", "none has 12 % lower p99 latency
     * than kyber (...)", "none and mq-deadline are equal within 3 %", "none vs kyber: not decided yet".
     */
    static String sentence(PairVerdict p, Metric metric, double margin) {
        return switch (p.verdict()) {
            case EQUIVALENT -> p.a() + " and " + p.b() + " are equal within " + percent(margin) + " %";
            case UNDECIDED -> p.a() + " vs " + p.b() + ": not decided yet";
            case FASTER, SLOWER -> difference(p, metric);
        };
    }

    private static String difference(PairVerdict p, Metric metric) {
        double[] ci = p.ci95();
        boolean aHigher = p.ratio() > 1;
        // The size of the effect as a fraction of b: a/b - 1 when a is higher, 1 - a/b when lower.
        double size = aHigher ? p.ratio() - 1 : 1 - p.ratio();
        double near = aHigher ? ci[0] - 1 : 1 - ci[1];
        double far = aHigher ? ci[1] - 1 : 1 - ci[0];
        String words;
        if (metric.higherIsBetter()) words = "is " + percent(size) + " % " + (aHigher ? "faster" : "slower") + " than";
        else words = "has " + percent(size) + " % " + (aHigher ? "higher " : "lower ") + metric.label() + " than";
        return p.a() + " " + words + " " + p.b() + " (95 % CI " + percent(near) + "–" + percent(far) + " %)";
    }

    /** A fraction as a percentage: one decimal under 10 %, none above; "3" rather than "3.0". */
    static String percent(double fraction) {
        double pct = Math.abs(fraction) * 100;
        String s = pct < 9.95 ? String.format(Locale.ROOT, "%.1f", pct) : String.format(Locale.ROOT, "%.0f", pct);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** The largest half-width of the pairs' intervals, as a ratio minus 1: what cannot be told apart. */
    static double resolution(List<PairVerdict> pairs) {
        double widest = 0;
        for (PairVerdict p : pairs) {
            double[] ci = p.ci95();
            if (ci != null) widest = Math.max(widest, Math.sqrt(ci[1] / ci[0]) - 1);
        }
        return widest;
    }

    /** "a", "a and b", "a, b and c". */
    static String list(List<String> names) {
        if (names.size() <= 1) return names.isEmpty() ? "" : names.get(0);
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
