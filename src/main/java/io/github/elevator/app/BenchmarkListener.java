package io.github.elevator.app;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.List;

/** Live events of a benchmark, delivered on the thread that runs it (not the FX thread). */
public interface BenchmarkListener {
    default void started(String originalScheduler, List<String> schedulers, double budgetSeconds) {
    }

    /** {@code doing} e.g. "rand-read under kyber, block 3". */
    default void progress(double fraction, double secondsLeft, String doing) {
    }

    /** Stand-in for the old helper's step counter; the new service calls the fraction form only. */
    default void progress(int done, int total, double secondsLeft, String doing) {
        progress(total == 0 ? 0 : (double) done / total, secondsLeft, doing);
    }

    default void sample(Sample sample) {
    }

    default void run(RunResult result) {
    }

    /** After every block: how far the comparison of this workload is. */
    default void decided(String workload, WorkloadDecision decision) {
    }

    /** A workload that cannot run on this device, and why. */
    default void skipped(String workload, String reason) {
    }
}
