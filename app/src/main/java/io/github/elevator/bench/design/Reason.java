package io.github.elevator.bench.design;

/**
 * Which case a workload's decision is: with the decision's numbers, all its words need
 * ({@code bench.wording} makes them when they are shown, in the language of the one who reads).
 */
public enum Reason {
    /** Nothing was measured. */
    NOTHING,
    /** One scheduler only: nothing to compare. */
    ONLY,
    /** Fewer complete blocks than a verdict needs. */
    TOO_FEW,
    /** One leader: every other scheduler was decided behind it. */
    LEADER,
    /** Several leaders not told apart; one chosen by its basis. */
    LEADERS,
    /** A noise check with fewer complete blocks than it needs. */
    NOISE_TOO_FEW,
    /** A noise check: the noise floor. */
    NOISE
}
