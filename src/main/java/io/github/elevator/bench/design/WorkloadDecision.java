package io.github.elevator.bench.design;

import com.google.gson.annotations.JsonAdapter;
import io.github.elevator.bench.Metric;

import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What the blocks run so far say about one workload.
 *
 * @param workload       the workload's name (not in the JSON: the document is keyed by it)
 * @param metric         the ranked metric (not in the JSON)
 * @param recommendation the scheduler to apply, or null when none can be recommended yet
 * @param why            one sentence a person reads
 * @param margin         the equivalence margin, as a fraction (0.03 for 3 %)
 * @param pairs          every pair, best-ranked scheduler first
 * @param decided        how many of the pairs that matter to the ranking are decided
 * @param toDecide       how many pairs matter to the ranking
 * @param noiseFloor     only for a noise check: the smallest difference this machine and device
 *                       can resolve, as a fraction; otherwise null
 * @param blocks         the complete blocks the decision rests on (not in the JSON)
 */
@JsonAdapter(WorkloadDecisionJson.class)
public record WorkloadDecision(String workload, Metric metric, String recommendation, String why, double margin,
                               List<PairVerdict> pairs, int decided, int toDecide, Double noiseFloor, int blocks) {
    public WorkloadDecision {
        pairs = List.copyOf(pairs);
    }

    /** Every pair that matters to the ranking is decided: the sweep may stop. */
    public boolean complete() {
        return decided == toDecide;
    }

    /** The schedulers another is decided faster than: none of them can be the best, so a sweep need not run them again. */
    public Set<String> behind() {
        return Recommendation.behind(pairs);
    }

    /**
     * Undecided, with the leaders' intervals all within a wider margin than this one: that margin
     * (a fraction), for a run again by a person to whom such a difference does not matter.
     */
    public OptionalDouble widerMargin() {
        if (recommendation != null || noiseFloor != null) return OptionalDouble.empty();
        return Recommendation.widerMargin(pairs, margin);
    }

    /** "decided 5 of 6 pairs" */
    public String progress() {
        return "decided " + decided + " of " + toDecide + " pair" + (toDecide == 1 ? "" : "s");
    }

    /** The pair in words, e.g. "none is 12 % faster than mq-deadline (95 % CI 8–16 %)". */
    public String sentence(PairVerdict pair) {
        return Wording.sentence(pair, metric, margin);
    }

    /** Every pair in words, in the order of {@link #pairs()}. */
    public List<String> sentences() {
        return pairs.stream().map(this::sentence).toList();
    }

    WorkloadDecision withNoiseCheck(Double floor, String noiseWhy) {
        return new WorkloadDecision(workload, metric, null, noiseWhy, margin, pairs, decided, toDecide, floor, blocks);
    }
}
