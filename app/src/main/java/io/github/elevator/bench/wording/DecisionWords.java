package io.github.elevator.bench.wording;

import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Choice;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Verdict;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Sentences;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * A workload's decision in words, made from its numbers when it is shown: the window, the command
 * line and the history all say it so, in the language of the one who reads it, whatever language
 * the benchmark ran in.
 */
public final class DecisionWords {
    private DecisionWords() {
    }

    /** Why the decision is what it is, in one or two sentences. */
    public static String why(WorkloadDecision d) {
        return switch (d.reason()) {
            case NOTHING -> Messages.text("bench.why.nothing");
            case ONLY -> Messages.text("bench.why.only", d.ranking().get(0));
            case TOO_FEW -> Messages.count("bench.why.too-few", d.blocks(), PairedAnalysis.MIN_BLOCKS);
            case LEADER -> Messages.text("bench.why.leader",
                    withBehind(PairWords.sentence(closestWin(d.pairs(), d.recommendation()), d.metric(), d.margin()), behindWords(d)));
            case LEADERS -> leaders(d);
            case NOISE_TOO_FEW -> Messages.count("bench.noise.too-few", d.blocks(), PairedAnalysis.MIN_BLOCKS);
            case NOISE -> noise(d);
        };
    }

    /** "decided 5 of 6 pairs" */
    public static String progress(WorkloadDecision d) {
        return Messages.count("bench.progress", d.toDecide(), d.decided());
    }

    /** The pair in words, e.g. "none is 12 % faster than mq-deadline (95 % CI 8–16 %)". */
    public static String sentence(WorkloadDecision d, PairVerdict pair) {
        return PairWords.sentence(pair, d.metric(), d.margin());
    }

    /** Every pair in words, in the order of the decision's pairs. */
    public static List<String> sentences(WorkloadDecision d) {
        return d.pairs().stream().map(p -> sentence(d, p)).toList();
    }

    /** A basis as the end of a sentence: "… is recommended: REASON". */
    public static String reason(Basis basis) {
        return switch (basis) {
            case ONLY_LEADER -> Messages.text("bench.basis.only-leader");
            case LEAST_CPU -> Messages.text("bench.basis.least-cpu");
            case KERNEL_DEFAULT -> Messages.text("bench.basis.kernel-default");
            case IN_USE -> Messages.text("bench.basis.in-use");
            case LIGHTEST_BY_DESIGN -> Messages.text("bench.basis.lightest-by-design");
            case LEAST_CPU_MEASURED -> Messages.text("bench.basis.least-cpu-measured");
            case BEST_MEASURED -> Messages.text("bench.basis.best-measured");
        };
    }

    private static String leaders(WorkloadDecision d) {
        Choice choice = d.choice();
        List<String> leaders = choice.leaders();
        boolean equal = d.pairs().stream().filter(p -> leaders.contains(p.a()) && leaders.contains(p.b()))
                .allMatch(p -> p.verdict() == Verdict.EQUIVALENT);
        String apart = equal || choice.bound() == null ? Messages.text("bench.why.equal", PairWords.list(leaders), PairWords.percent(d.margin()))
                : PairWords.measurable(choice.bound()) ? Messages.text("bench.why.bound", PairWords.list(leaders), PairWords.percent(choice.bound()))
                : Messages.text("bench.why.unmeasurable", PairWords.list(leaders));
        return Messages.text("bench.why.leaders", withBehind(apart, behindWords(d)), choice.scheduler(), reason(choice.basis()));
    }

    private static String noise(WorkloadDecision d) {
        long different = d.pairs().stream().filter(p -> p.verdict().different()).count();
        String why = Messages.text("bench.noise.resolution", PairWords.percent(d.noiseFloor()));
        return different == 0 ? why : Sentences.sentences(Messages.count("bench.noise.unsteady", d.pairs().size(), different), why);
    }

    /** The clause, then "bfq is behind none (by at least 13 %)" for each scheduler behind, joined with semicolons. */
    private static String withBehind(String clause, List<String> behindWords) {
        List<String> clauses = new ArrayList<>(behindWords.size() + 1);
        clauses.add(clause);
        clauses.addAll(behindWords);
        return Sentences.clauses(clauses);
    }

    /** "bfq is behind none (by at least 13 %)" for each scheduler behind, in the ranking's order; none when no scheduler is. */
    private static List<String> behindWords(WorkloadDecision d) {
        Set<String> behind = d.behind();
        List<String> words = new ArrayList<>();
        for (String s : d.ranking()) {
            if (!behind.contains(s)) continue;
            d.pairs().stream().filter(p -> p.verdict().different() && p.involves(s) && loser(p).equals(s))
                    .min(Comparator.comparingDouble(p -> Math.abs(Math.log(p.ratio()))))
                    .ifPresent(p -> words.add(Messages.text("bench.why.behind", s, winner(p), PairWords.percent(nearEnd(p)))));
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
