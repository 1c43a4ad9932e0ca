package io.github.elevator.bench.design;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which scheduler to recommend from the pairs' verdicts, which case that is, and how many of the pairs that
 * matter are decided. A scheduler is behind once another is decided faster than it; the leaders
 * are the others. One leader is the answer. Several are not told apart: the data still rule out
 * any difference between two of them larger than the far end of their intervals (the bound), and
 * one of them is chosen by a stated rule (least CPU per I/O where that is decided, else the
 * kernel's own choice, else the one in use, else the one that does the least work per request by
 * design: {@link LightestFirst}), so that every sweep with enough blocks ends in an answer, and
 * sweeps that rule out the same schedulers give the same one.
 * <p>
 * A pair matters unless both of its schedulers are behind (then neither can be the best), or it is
 * still undecided and one of them is behind (its answer cannot change which is the best, and the
 * sweep no longer runs that one).
 */
record Recommendation(Choice choice, Reason reason, int decided, int toDecide) {

    /** The schedulers another is decided faster than. */
    static Set<String> behind(List<PairVerdict> pairs) {
        Set<String> behind = new HashSet<>();
        for (PairVerdict p : pairs) {
            if (p.verdict() == Verdict.FASTER) behind.add(p.b());
            if (p.verdict() == Verdict.SLOWER) behind.add(p.a());
        }
        return behind;
    }

    static Recommendation of(List<String> ranked, List<PairVerdict> pairs, CompleteBlocks data, Preference preference) {
        Set<String> behind = behind(pairs);
        int toDecide = 0, decided = 0;
        for (PairVerdict p : pairs) {
            boolean aBehind = behind.contains(p.a()), bBehind = behind.contains(p.b());
            if ((aBehind && bBehind) || (!p.verdict().decided() && (aBehind || bBehind))) continue;
            toDecide++;
            if (p.verdict().decided()) decided++;
        }
        List<String> leaders = ranked.stream().filter(s -> !behind.contains(s)).toList();
        if (ranked.size() < 2) {
            return new Recommendation(new Choice(null, null, leaders, null), ranked.isEmpty() ? Reason.NOTHING : Reason.ONLY, decided, toDecide);
        }
        if (data.count() < PairedAnalysis.MIN_BLOCKS) return new Recommendation(new Choice(null, null, leaders, null), Reason.TOO_FEW, decided, toDecide);
        if (leaders.size() == 1) {
            return new Recommendation(new Choice(leaders.get(0), Basis.ONLY_LEADER, leaders, null), Reason.LEADER, decided, toDecide);
        }
        List<PairVerdict> amongLeaders = pairs.stream().filter(p -> leaders.contains(p.a()) && leaders.contains(p.b())).toList();
        return new Recommendation(choose(leaders, data, preference, farthest(amongLeaders)), Reason.LEADERS, decided, toDecide);
    }

    /** The largest difference in either direction that the pairs' intervals leave open. */
    static double farthest(List<PairVerdict> pairs) {
        double far = 0;
        for (PairVerdict p : pairs) {
            double[] ci = p.ci95();
            if (ci == null) return Double.POSITIVE_INFINITY;
            far = Math.max(far, Math.max(ci[1] - 1, 1 / ci[0] - 1));
        }
        return far;
    }

    /** One of several leaders, by the rule's order. */
    private static Choice choose(List<String> leaders, CompleteBlocks data, Preference preference, double bound) {
        String thrifty = decidedLeastCpu(leaders, data);
        if (thrifty != null) return new Choice(thrifty, Basis.LEAST_CPU, leaders, bound);
        if (preference.kernelDefault() != null && leaders.contains(preference.kernelDefault())) {
            return new Choice(preference.kernelDefault(), Basis.KERNEL_DEFAULT, leaders, bound);
        }
        if (preference.inUse() != null && leaders.contains(preference.inUse())) {
            return new Choice(preference.inUse(), Basis.IN_USE, leaders, bound);
        }
        return new Choice(leaders.stream().min(LightestFirst.ORDERING).orElseThrow(), Basis.LIGHTEST_BY_DESIGN, leaders, bound);
    }

    /**
     * The leader whose CPU per I/O is below every other leader's, each paired 95 % interval lying
     * under 1 (an intersection-union test: all must hold, so each at 5 % keeps the claim at 5 %);
     * null when none is.
     */
    private static String decidedLeastCpu(List<String> leaders, CompleteBlocks data) {
        for (String candidate : leaders) {
            boolean lessThanAll = true;
            for (String other : leaders) {
                if (other.equals(candidate)) continue;
                LogDifferences d = LogDifferences.of(data.logCpuPerIo[data.indexOf(candidate)], data.logCpuPerIo[data.indexOf(other)]);
                lessThanAll &= d.n() >= PairedAnalysis.MIN_BLOCKS && d.interval(PairedAnalysis.ALPHA)[1] < 0;
            }
            if (lessThanAll) return candidate;
        }
        return null;
    }
}
