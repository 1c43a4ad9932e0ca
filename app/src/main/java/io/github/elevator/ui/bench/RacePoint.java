package io.github.elevator.ui.bench;

/**
 * One scheduler's running estimate after a look at the blocks: its figure (the geometric mean the
 * ranking uses) and the interval its pair with the reference (the one ranked first then) allows,
 * in the workload's unit. The reference itself, and a pair without an interval yet, have
 * {@code lo == hi == value}.
 */
public record RacePoint(String scheduler, int blocks, double value, double lo, double hi) {
}
