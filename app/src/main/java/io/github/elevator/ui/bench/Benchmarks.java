package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.report.BenchmarkReport;

/**
 * What the benchmark panel needs of the benchmark service: run one request to its report.
 * {@code BenchmarkService::run} is one; tests give their own.
 */
@FunctionalInterface
public interface Benchmarks {
    BenchmarkReport run(BenchmarkRequest request, BenchmarkListener listener, Cancellation cancellation)
            throws BenchmarkFailedException;
}
