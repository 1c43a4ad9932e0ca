package io.github.elevator.bench.design;

import java.util.List;
import java.util.Map;

/**
 * How many blocks in all a workload whose answer is {@link Strength#NOT_MEASURED} would need
 * before its leaders are told apart at its margin, from the block-to-block spread of their log
 * ratios so far. The answer is resolved once each leader pair's interval is at most half of
 * ln(1 + 3 × margin) wide on each side: then either its estimate lies beyond that half-width (the
 * pair is decided, the answer measured) or the bound, estimate plus half-width, stays within 3 ×
 * the margin (equal). The half-width shrinks with the square root of the blocks, at the t factor
 * of a continued sweep's last look, its level shared by every pair (Holm's first step, the strictest). The spread is
 * the widest of the undecided leader pairs'. {@code CalibrationTest} checks that the blocks it
 * names resolve the answer in at least 80 % of simulated runs at noise 5, 15, 40 and 100 %.
 */
public final class TimeToResolve {
    /** Beyond this many blocks the figure says only that this machine cannot tell them apart now. */
    static final int MOST_BLOCKS = 1_000_000;

    private TimeToResolve() {
    }

    /**
     * The blocks in all (those run included) that would resolve {@code d}; 0 when it needs no more
     * (its answer is measured or equal, or it has nothing to resolve), {@link #MOST_BLOCKS} when it
     * is beyond reach, -1 when the blocks cannot say yet (fewer than {@link PairedAnalysis#MIN_BLOCKS}).
     */
    public static int blocks(List<Map<String, Observation>> blocks, WorkloadDecision d) {
        return blocks(blocks, d, -1);
    }

    /**
     * The same, with the spread taken from {@code reference}, the blocks of another sweep of the same
     * slots (one on a quiet machine): how many blocks in all {@code d} would have needed at that
     * sweep's noise; -1 where the reference lacks a leader pair or has too few blocks of it.
     */
    public static int blocksAt(List<Map<String, Observation>> reference, WorkloadDecision d) {
        return blocks(reference, d, d == null ? 0 : d.blocks());
    }

    /** {@code now}: the blocks run so far, -1 for those in {@code blocks}. */
    private static int blocks(List<Map<String, Observation>> blocks, WorkloadDecision d, int now) {
        if (d == null || d.noiseFloor() != null) return 0;
        if (d.strength() == null) return d.reason() == Reason.TOO_FEW ? -1 : 0;
        if (d.strength() != Strength.NOT_MEASURED) return 0;
        CompleteBlocks data = CompleteBlocks.of(blocks, d.behind());
        List<String> leaders = d.choice().leaders();
        double spread = 0;
        for (PairVerdict p : d.pairs()) {
            if (p.verdict().decided() || !leaders.contains(p.a()) || !leaders.contains(p.b())) continue;
            if (data.indexOf(p.a()) < 0 || data.indexOf(p.b()) < 0) return -1;
            // the spread the interval uses, floors included, or the time named would resolve a narrower interval than the one shown
            LogDifferences diff = data.differences(p.a(), p.b());
            if (diff.n() < PairedAnalysis.MIN_BLOCKS) return -1;
            spread = Math.max(spread, diff.sd());
        }
        if (spread == 0) return 0;
        return needed(spread, d.pairs().size(), Math.log1p(Strength.NOT_MEASURED_FACTOR * d.margin()) / 2, now < 0 ? data.count() : now);
    }

    /** The fewest blocks, more than {@code now}, at which the last look's half-width is at most {@code halfWidth}. */
    static int needed(double spread, int pairs, double halfWidth, int now) {
        double error = AlphaSpending.atLook(PairedAnalysis.ALPHA, 1, true, true) / pairs / 2;
        int n = Math.max(now + 1, PairedAnalysis.MIN_BLOCKS);
        // t falls as the blocks grow: a step from too few lands at or just beyond the fewest, the next confirms it
        for (int step = 0; step < 20; step++) {
            double t = StudentT.quantile(error, n - 1);
            double wanted = Math.ceil(Math.pow(t * spread / halfWidth, 2));
            if (wanted > MOST_BLOCKS) return MOST_BLOCKS;
            if (wanted <= n) return n;
            n = (int) wanted;
        }
        return n;
    }
}
