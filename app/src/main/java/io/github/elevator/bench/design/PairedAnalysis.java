package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares every pair of schedulers of one workload by the log ratios ln(a_i / b_i) of the runs in
 * the same block, which cancels drift of the machine between blocks.
 * <p>
 * Because the sweep looks after every block and compares several pairs, early look k (k = complete
 * blocks - 2) tests at only alpha_k = 1 % (1/sqrt(k) - 1/sqrt(k+1)), shares that add up to 1 % over
 * unlimited looks, and the last look (the budget ends after it) at 4 % ({@link AlphaSpending});
 * Holm's procedure splits each look's share among the pairs; so however long the sweep runs and
 * wherever it stops, a false difference is called with probability at most 5 % (CalibrationTest
 * measures it by simulation). Each pair's interval is the t
 * interval at the level its Holm step used, so it agrees with the verdict: equivalent when it lies
 * inside [1/(1+margin), 1+margin] (two one-sided tests), else faster or slower when it excludes 1.
 */
public final class PairedAnalysis {
    public static final double ALPHA = 0.05;
    public static final double DEFAULT_MARGIN = 0.03;
    /**
     * Blocks needed before any verdict. With two blocks the spread of the log ratios rests on a
     * single difference (one degree of freedom), an estimate so unstable that t needs a factor of
     * about 13 at 95 % and far more at the levels spent per look; from three blocks on the spread
     * is estimated at all, and the first look spends its share where it can decide something.
     */
    public static final int MIN_BLOCKS = 3;

    private PairedAnalysis() {
    }

    /**
     * The decision for one workload from the blocks run so far, in run order (scheduler →
     * observation per block). Blocks that miss a scheduler are ignored.
     */
    public static WorkloadDecision decide(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin) {
        return decide(workload, metric, blocks, margin, false);
    }

    /** As above; {@code lastLook}: the budget ends after these blocks, so this look may spend the last look's share. */
    public static WorkloadDecision decide(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                          boolean lastLook) {
        return decide(workload, metric, blocks, margin, lastLook, null);
    }

    /** As above, after the look that gave {@code previous} (null at the first), without tie-breaks for the leaders. */
    public static WorkloadDecision decide(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                          boolean lastLook, WorkloadDecision previous) {
        return decide(workload, metric, blocks, margin, lastLook, previous, Preference.NONE);
    }

    /**
     * As above, after the look that gave {@code previous} (null at the first): a pair decided at an
     * earlier look stays decided as it was. A test that rejects at some look ends there, as in every
     * group-sequential design; the error rate spent on it was spent then. Otherwise a later look,
     * with a smaller share, could take back a verdict on the same blocks, and a scheduler set aside
     * for being behind would come back. {@code preference} breaks ties between leaders that the
     * measurements do not tell apart.
     */
    public static WorkloadDecision decide(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                          boolean lastLook, WorkloadDecision previous, Preference preference) {
        return decide(workload, metric, blocks, margin, lastLook, previous, preference, false);
    }

    /** As above; {@code continued}: the blocks continue a sweep that ended, whose last look spent its share ({@link AlphaSpending}). */
    public static WorkloadDecision decide(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                          boolean lastLook, WorkloadDecision previous, Preference preference, boolean continued) {
        if (metric == null) throw new IllegalArgumentException("the ranked metric of " + workload + " must be given"); // untranslated: a bug
        if (!(margin > 0 && margin < 1)) {
            // The margin a person gives is checked where it is given: this one is a bug.
            throw new IllegalArgumentException("the equivalence margin is a fraction between 0 and 1 (0.03 for 3 %), not " + margin); // untranslated: a bug
        }
        Set<String> setAside = previous == null ? Set.of() : previous.behind();
        CompleteBlocks data = CompleteBlocks.of(blocks, setAside);
        List<String> ranked = ranked(data, metric);
        List<PairVerdict> pairs = keepDecided(verdicts(data, ranked, metric, margin, lastLook, continued), previous, setAside);
        Recommendation r = Recommendation.of(ranked, pairs, data, preference);
        return new WorkloadDecision(workload, metric, r.choice(), r.reason(), margin, figures(data, ranked, pairs), pairs, r.decided(),
                r.toDecide(), null, data.count());
    }

    /**
     * The decision for a noise check: the same scheduler ran in every slot, labelled as if they
     * were different. No recommendation; the noise floor is the largest half-width of the pairs'
     * intervals, as a ratio: differences smaller than it cannot be resolved here.
     */
    public static WorkloadDecision noiseCheck(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                              boolean lastLook) {
        return noiseCheck(workload, metric, blocks, margin, lastLook, null);
    }

    /** As above, after the look that gave {@code previous} (null at the first). */
    public static WorkloadDecision noiseCheck(String workload, Metric metric, List<Map<String, Observation>> blocks, double margin,
                                              boolean lastLook, WorkloadDecision previous) {
        WorkloadDecision d = decide(workload, metric, blocks, margin, lastLook, previous);
        if (d.blocks() < MIN_BLOCKS || d.pairs().isEmpty()) {
            return d.inSlotOrder().withNoiseCheck(null, Reason.NOISE_TOO_FEW);
        }
        return d.inSlotOrder().withNoiseCheck(resolution(d.pairs()), Reason.NOISE);
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

    /**
     * Best first by the geometric mean of the metric over the complete blocks; ties keep their
     * order. Schedulers set aside come after those still run (they were behind one of them), each
     * by its mean over the blocks it ran in.
     */
    private static List<String> ranked(CompleteBlocks data, Metric metric) {
        List<String> ranked = new ArrayList<>(data.schedulers);
        if (data.count() == 0) return ranked;
        Comparator<String> byMean = Comparator.comparingDouble(data::meanLogValue);
        ranked.sort(Comparator.comparing((String s) -> !data.stillRun(s)).thenComparing(metric.higherIsBetter() ? byMean.reversed() : byMean));
        return ranked;
    }

    /** Each scheduler's geometric means, in the ranking's order. */
    private static List<Figure> figures(CompleteBlocks data, List<String> ranked, List<PairVerdict> pairs) {
        Set<String> behind = Recommendation.behind(pairs);
        List<Figure> figures = new ArrayList<>(ranked.size());
        for (String s : ranked) {
            figures.add(new Figure(s, Math.exp(data.meanLogValue(s)), Math.exp(data.meanLogCpu(s)), data.blocksOf(s), !behind.contains(s)));
        }
        return figures;
    }

    /**
     * The verdicts of this look, with every pair decided at an earlier look as it was then, and
     * every pair of a scheduler set aside as it was when that one was set aside (no block since
     * has measured it), turned to this look's order.
     */
    private static List<PairVerdict> keepDecided(List<PairVerdict> now, WorkloadDecision previous, Set<String> setAside) {
        if (previous == null) return now;
        List<PairVerdict> kept = new ArrayList<>(now.size());
        for (PairVerdict p : now) {
            boolean frozen = setAside.contains(p.a()) || setAside.contains(p.b());
            PairVerdict before = previous.pairs().stream()
                    .filter(q -> (frozen || q.verdict().decided()) && q.involves(p.a()) && q.involves(p.b())).findFirst().orElse(null);
            kept.add(before == null ? p : before.a().equals(p.a()) ? before : before.reversed());
        }
        return kept;
    }

    /** Every pair (a ranked before b), with Holm's procedure at this look's share of alpha. */
    private static List<PairVerdict> verdicts(CompleteBlocks data, List<String> ranked, Metric metric, double margin, boolean lastLook,
                                              boolean continued) {
        List<String[]> names = new ArrayList<>();
        List<LogDifferences> diffs = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            for (int j = i + 1; j < ranked.size(); j++) {
                names.add(new String[] {ranked.get(i), ranked.get(j)});
                diffs.add(data.differences(ranked.get(i), ranked.get(j)));
            }
        }
        int m = diffs.size();
        List<PairVerdict> out = new ArrayList<>(m);
        int n = data.count();
        if (n < MIN_BLOCKS) {
            for (int p = 0; p < m; p++) {
                Double ratio = n == 0 ? null : Math.exp(diffs.get(p).mean());
                out.add(new PairVerdict(names.get(p)[0], names.get(p)[1], ratio, null, Verdict.UNDECIDED));
            }
            return out;
        }
        double alpha = AlphaSpending.atLook(ALPHA, n - MIN_BLOCKS + 1, lastLook, continued);
        Holm holm = Holm.of(diffs.stream().mapToDouble(d -> d.n() < MIN_BLOCKS ? 1 : d.p()).toArray(), alpha);
        double bound = Math.log1p(margin);
        for (int p = 0; p < m; p++) {
            LogDifferences d = diffs.get(p);
            if (d.n() < MIN_BLOCKS) {
                out.add(new PairVerdict(names.get(p)[0], names.get(p)[1], d.n() == 0 ? null : Math.exp(d.mean()), null, Verdict.UNDECIDED));
                continue;
            }
            double[] ci = d.interval(holm.level()[p]);
            Verdict v;
            if (ci[0] >= -bound && ci[1] <= bound) v = Verdict.EQUIVALENT;
            else if (holm.rejected()[p] && (ci[0] > 0 || ci[1] < 0)) v = (d.mean() > 0) == metric.higherIsBetter() ? Verdict.FASTER : Verdict.SLOWER;
            else v = Verdict.UNDECIDED;
            out.add(new PairVerdict(names.get(p)[0], names.get(p)[1], Math.exp(d.mean()),
                    new double[] {Math.exp(ci[0]), Math.exp(ci[1])}, v));
        }
        return out;
    }
}
