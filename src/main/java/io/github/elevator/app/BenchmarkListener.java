package io.github.elevator.app;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;

/** Live events of a benchmark, delivered on the thread that runs it. */
public interface BenchmarkListener {
    default void started(String originalScheduler, java.util.List<String> schedulers, double estimatedSeconds) {
    }

    default void progress(int done, int total, double secondsLeft, String doing) {
    }

    default void sample(Sample sample) {
    }

    default void run(RunResult result) {
    }
}
