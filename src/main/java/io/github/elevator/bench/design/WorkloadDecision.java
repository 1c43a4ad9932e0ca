package io.github.elevator.bench.design;

import java.util.List;
import java.util.Locale;

/**
 * Where the comparison of one workload stands: the recommended scheduler (or null) and why, the
 * verdict of every pair, how many pairs are decided, and for a noise check the noise floor.
 */
public record WorkloadDecision(String workload, String recommendation, String why, double margin,
                               List<PairVerdict> pairs, int decided, int toDecide, Double noiseFloor) {

    public boolean complete() {
        return decided >= toDecide;
    }

    /** A pair's verdict in words (stand-in wording until the statistics land). */
    public String sentence(PairVerdict p) {
        double lo = p.ci95()[0], hi = p.ci95()[1];
        return switch (p.verdict()) {
            case "faster" -> String.format(Locale.ROOT, "%s is %.0f %% faster than %s (95 %% CI %.0f–%.0f %%)",
                    p.a(), (p.ratio() - 1) * 100, p.b(), (lo - 1) * 100, (hi - 1) * 100);
            case "slower" -> String.format(Locale.ROOT, "%s is %.0f %% slower than %s (95 %% CI %.0f–%.0f %%)",
                    p.a(), (1 - p.ratio()) * 100, p.b(), (1 - hi) * 100, (1 - lo) * 100);
            case "equivalent" -> String.format(Locale.ROOT, "%s and %s are equal within %s %%", p.a(), p.b(), percent(margin));
            default -> p.a() + " and " + p.b() + ": not decided yet";
        };
    }

    private static String percent(double fraction) {
        double pct = fraction * 100;
        return pct == Math.rint(pct) ? String.format(Locale.ROOT, "%.0f", pct) : String.format(Locale.ROOT, "%.1f", pct);
    }
}
