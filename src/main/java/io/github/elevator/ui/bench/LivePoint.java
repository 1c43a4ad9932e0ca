package io.github.elevator.ui.bench;

/**
 * One live sample on the chart: {@code seconds} since the benchmark's first sample, the value in
 * the workload's own unit, and which run of the scheduler it belongs to (a new run starts a new line piece).
 */
public record LivePoint(String scheduler, int run, double seconds, double value) {
}
