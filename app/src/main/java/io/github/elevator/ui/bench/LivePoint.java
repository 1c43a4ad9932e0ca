package io.github.elevator.ui.bench;

/**
 * One live sample on the chart: the span it measured on its workload's own clock (seconds that
 * workload ran, slices back to back, other workloads' time left out), its value in the workload's
 * own unit, and its p99 latency in µs.
 */
public record LivePoint(String scheduler, double start, double end, double value, double p99us) {
}
