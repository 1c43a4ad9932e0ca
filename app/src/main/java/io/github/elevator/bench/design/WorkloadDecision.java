package io.github.elevator.bench.design;

import com.google.gson.annotations.JsonAdapter;
import io.github.elevator.bench.Metric;

import java.util.List;
import java.util.Set;

/**
 * What the blocks run so far say about one workload: the one result the window, the command line,
 * the history and the export all show.
 *
 * @param workload the workload's name (not in the JSON: the document is keyed by it)
 * @param metric   the ranked metric (not in the JSON)
 * @param choice   the recommendation: the leaders, what the data rule out between them, and the
 *                 one chosen with its basis
 * @param reason   which case it is; its words are made where it is shown ({@code bench.wording})
 * @param margin   the equivalence margin, as a fraction (0.03 for 3 %)
 * @param figures  every scheduler, in the ranking's order (best first; those set aside last)
 * @param pairs    every pair, best-ranked scheduler first
 * @param decided  how many of the pairs that matter to the ranking are decided
 * @param toDecide how many pairs matter to the ranking
 * @param noiseFloor only for a noise check: the smallest difference this machine and device can
 *                 resolve, as a fraction; otherwise null
 * @param blocks   the complete blocks the decision rests on
 */
@JsonAdapter(WorkloadDecisionJson.class)
public record WorkloadDecision(String workload, Metric metric, Choice choice, Reason reason, double margin, List<Figure> figures,
                               List<PairVerdict> pairs, int decided, int toDecide, Double noiseFloor, int blocks) {
    public WorkloadDecision {
        if (choice == null) choice = Choice.NONE;
        figures = List.copyOf(figures);
        pairs = List.copyOf(pairs);
    }

    /** The scheduler to apply, or null when none can be recommended. */
    public String recommendation() {
        return choice.scheduler();
    }

    /** How strong the recommendation is ({@link Strength#of(WorkloadDecision)}); null without one. */
    public Strength strength() {
        return Strength.of(this);
    }

    /** The schedulers in the ranking's order. */
    public List<String> ranking() {
        return figures.stream().map(Figure::scheduler).toList();
    }

    /** Every pair that matters to the ranking is decided: the sweep may stop. */
    public boolean complete() {
        return decided == toDecide;
    }

    /** The schedulers another is decided faster than: none of them can be the best, so a sweep need not run them again. */
    public Set<String> behind() {
        return Recommendation.behind(pairs);
    }

    /** The same decision filed under its workload and metric (a decision read back from JSON has neither). */
    public WorkloadDecision as(String workload, Metric metric) {
        return new WorkloadDecision(workload, metric, choice, reason, margin, figures, pairs, decided, toDecide, noiseFloor, blocks);
    }

    /** The pair of {@code a} and {@code b}, turned so that its ratio is a over b; null when there is none. */
    public PairVerdict pair(String a, String b) {
        for (PairVerdict p : pairs) {
            if (p.a().equals(a) && p.b().equals(b)) return p;
            if (p.a().equals(b) && p.b().equals(a)) return p.reversed();
        }
        return null;
    }

    /** A noise check ranks nothing: its slots (A, B, … or none#1, none#2, …) keep their labels' order. */
    WorkloadDecision inSlotOrder() {
        List<Figure> sorted = figures.stream().sorted(java.util.Comparator.comparing(Figure::scheduler)).toList();
        return new WorkloadDecision(workload, metric, choice, reason, margin, sorted, pairs, decided, toDecide, noiseFloor, blocks);
    }

    WorkloadDecision withNoiseCheck(Double floor, Reason noiseReason) {
        return new WorkloadDecision(workload, metric, Choice.NONE, noiseReason, margin, figures, pairs, decided, toDecide, floor, blocks);
    }
}
