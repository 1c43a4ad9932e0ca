package io.github.elevator.bench.design;

/**
 * Two schedulers compared by paired runs: {@code ratio} is a's metric over b's, {@code ci95} its
 * 95 % interval, and the verdict one of faster, slower, equivalent, undecided.
 */
public record PairVerdict(String a, String b, double ratio, double[] ci95, String verdict) {
}
