package io.github.elevator.bench.design;

import io.github.elevator.text.Sentences;
import io.github.elevator.bench.Metric;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which scheduler to recommend from the pairs' verdicts, why, and how many of the pairs that
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
record Recommendation(Choice choice, String why, int decided, int toDecide) {

    /** The schedulers another is decided faster than. */
    static Set<String> behind(List<PairVerdict> pairs) {
        Set<String> behind = new HashSet<>();
        for (PairVerdict p : pairs) {
            if (p.verdict() == Verdict.FASTER) behind.add(p.b());
            if (p.verdict() == Verdict.SLOWER) behind.add(p.a());
        }
        return behind;
    }

    static Recommendation of(List<String> ranked, List<PairVerdict> pairs, CompleteBlocks data, Metric metric, double margin,
                             Preference preference) {
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
            String why = ranked.isEmpty() ? Messages.text("bench.why.nothing") : Messages.text("bench.why.only", ranked.get(0));
            return new Recommendation(new Choice(null, null, leaders, null), why, decided, toDecide);
        }
        if (data.count() < PairedAnalysis.MIN_BLOCKS) {
            String why = Messages.count("bench.why.too-few", data.count(), PairedAnalysis.MIN_BLOCKS);
            return new Recommendation(new Choice(null, null, leaders, null), why, decided, toDecide);
        }
        List<String> behindWords = behindWords(ranked, behind, pairs);
        if (leaders.size() == 1) {
            String leader = leaders.get(0);
            String lead = Wording.sentence(closestWin(pairs, leader), metric, margin);
            String why = Messages.text("bench.why.leader", withBehind(lead, behindWords));
            return new Recommendation(new Choice(leader, Basis.ONLY_LEADER, leaders, null), why, decided, toDecide);
        }
        List<PairVerdict> amongLeaders = pairs.stream().filter(p -> leaders.contains(p.a()) && leaders.contains(p.b())).toList();
        double bound = farthest(amongLeaders);
        Choice choice = choose(leaders, data, preference, bound);
        boolean equal = amongLeaders.stream().allMatch(p -> p.verdict() == Verdict.EQUIVALENT);
        String apart = equal ? Messages.text("bench.why.equal", Wording.list(leaders), Wording.percent(margin))
                : Messages.text("bench.why.bound", Wording.list(leaders), Wording.percent(bound));
        String why = Messages.text("bench.why.leaders", withBehind(apart, behindWords), choice.scheduler(), choice.basis().reason());
        return new Recommendation(choice, why, decided, toDecide);
    }

    /** The clause, then "bfq is behind none (by at least 13 %)" for each scheduler behind, joined with semicolons. */
    private static String withBehind(String clause, List<String> behindWords) {
        List<String> clauses = new ArrayList<>(behindWords.size() + 1);
        clauses.add(clause);
        clauses.addAll(behindWords);
        return Sentences.clauses(clauses);
    }

    /** "bfq is behind none (by at least 13 %)" for each scheduler behind; none when no scheduler is. */
    private static List<String> behindWords(List<String> ranked, Set<String> behind, List<PairVerdict> pairs) {
        List<String> words = new ArrayList<>();
        for (String s : ranked) {
            if (!behind.contains(s)) continue;
            pairs.stream().filter(p -> p.verdict().different() && p.involves(s) && loser(p).equals(s))
                    .min(Comparator.comparingDouble(p -> Math.abs(Math.log(p.ratio()))))
                    .ifPresent(p -> words.add(Messages.text("bench.why.behind", s, winner(p), Wording.percent(nearEnd(p)))));
        }
        return words;
    }

    private static String loser(PairVerdict p) {
        return p.verdict() == Verdict.FASTER ? p.b() : p.a();
    }

    private static String winner(PairVerdict p) {
        return p.verdict() == Verdict.FASTER ? p.a() : p.b();
    }

    /** How far the decided pair's interval lies from 1, as a fraction of the slower one. */
    private static double nearEnd(PairVerdict p) {
        double[] ci = p.ci95();
        return p.ratio() > 1 ? ci[0] - 1 : 1 - ci[1];
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

    /**
     * The leader's narrowest decided lead: the pair with the runner-up, who can only be behind
     * because the leader beat it (pairs are oriented best first).
     */
    private static PairVerdict closestWin(List<PairVerdict> pairs, String leader) {
        return pairs.stream()
                .filter(p -> (p.a().equals(leader) && p.verdict() == Verdict.FASTER) || (p.b().equals(leader) && p.verdict() == Verdict.SLOWER))
                .min(Comparator.comparingDouble(p -> Math.abs(Math.log(p.ratio()))))
                .orElseThrow(() -> new IllegalStateException(leader + " leads without a decided lead")); // untranslated: a bug
    }
}
