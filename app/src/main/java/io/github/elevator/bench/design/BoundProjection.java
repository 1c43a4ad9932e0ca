package io.github.elevator.bench.design;

import java.util.List;

/**
 * Whether more blocks of a workload would still narrow what its leaders' bound leaves open enough
 * to matter to a person: the bound it would reach at the budget's last look, from each leader
 * pair's estimate and spread now, the half-width shrinking with the square root of the blocks and
 * the t factor of the last look's level. A workload whose bound would move by less than a point,
 * or by less than a tenth of itself, and not into the margin the person set, is settled: its
 * remaining time goes to the others. Its decision
 * stays the one of the look where it stopped (that look's error share, never the last look's), so
 * stopping early only ever widens the bound it states.
 */
public final class BoundProjection {
    /** Narrowing by less than this (a fraction of 1, absolute) is not worth a person's wait. */
    static final double USEFUL_POINTS = 0.01;
    /** Nor by less than this part of the bound itself. */
    static final double USEFUL_SHARE = 0.10;

    private BoundProjection() {
    }

    /**
     * True when {@code remainingBlocks} more blocks would narrow the leaders' bound usefully, or when
     * the decision has no bound to narrow yet (too few blocks, no recommendation, one leader whose
     * lead is not yet decided over every other).
     */
    public static boolean worthMore(WorkloadDecision d, int remainingBlocks) {
        Choice c = d.choice();
        if (c.bound() == null || c.bound().isInfinite() || d.complete()) return true;
        if (remainingBlocks <= 0) return false;
        List<PairVerdict> amongLeaders = d.pairs().stream()
                .filter(p -> c.leaders().contains(p.a()) && c.leaders().contains(p.b()) && !p.verdict().decided()).toList();
        if (amongLeaders.isEmpty()) return true;
        int n = d.blocks();
        int m = d.pairs().size();
        double now = StudentT.quantile(AlphaSpending.atLook(PairedAnalysis.ALPHA, n - PairedAnalysis.MIN_BLOCKS + 1, false) / m / 2, n - 1);
        double last = StudentT.quantile(AlphaSpending.atLook(PairedAnalysis.ALPHA, 1, true) / m / 2, n + remainingBlocks - 1);
        double shrink = Math.sqrt((double) n / (n + remainingBlocks)) * last / now;
        double projected = 0;
        for (PairVerdict p : amongLeaders) {
            double[] ci = p.ci95();
            double center = Math.log(p.ratio());
            double half = (Math.log(ci[1]) - Math.log(ci[0])) / 2 * shrink;
            projected = Math.max(projected, Math.exp(Math.abs(center) + half) - 1);
        }
        projected = Math.max(projected, Recommendation.farthest(d.pairs().stream()
                .filter(p -> c.leaders().contains(p.a()) && c.leaders().contains(p.b()) && p.verdict().decided()).toList()));
        if (projected <= d.margin()) return true; // the leaders may yet be shown equal within the margin the person set
        double gain = c.bound() - projected;
        return gain >= USEFUL_POINTS && gain >= USEFUL_SHARE * c.bound();
    }
}
