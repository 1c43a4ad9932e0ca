package io.github.elevator.bench.design;

/**
 * One scheduler's figures under one workload, as the ranking uses them: the geometric mean of the
 * ranked metric and of CPU per I/O over the complete blocks it ran in.
 *
 * @param value    geometric mean of the workload's ranked metric; NaN before the first complete block
 * @param cpuPerIo geometric mean of CPU µs per I/O; NaN when unknown
 * @param blocks   the complete blocks it ran in
 * @param leader   no other scheduler was decided faster than it
 */
public record Figure(String scheduler, double value, double cpuPerIo, int blocks, boolean leader) {
}
