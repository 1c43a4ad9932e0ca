package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.List;

/** Live events of a benchmark, delivered on the thread that runs it. */
public interface BenchmarkListener {
    default void started(String originalScheduler, List<String> schedulers, double budgetSeconds) {
    }

    /** {@code doing} in words, e.g. "rand-read under kyber, block 3". */
    default void progress(double fraction, double secondsLeft, String doing) {
    }

    /** The reads of {@code workload} start now (Elevator's or fio's), before any sample of them: what runs is that workload. */
    default void reading(String workload) {
    }

    default void sample(Sample sample) {
    }

    default void run(RunResult result) {
    }

    /** fio's figures beside those of Elevator's run {@code elevator}, just measured on the same scheduler. */
    default void fioChecked(io.github.elevator.bench.FioComparison check, RunResult elevator) {
    }

    /** After every block: where the comparison of this workload stands ("decided 5 of 6 pairs"). */
    default void decided(String workload, WorkloadDecision decision) {
    }

    /** A workload that cannot run on this device, and why. */
    default void skipped(String workload, String reason) {
    }

    /** The report could not be saved to the history: one sentence saying why (the report itself is still returned). */
    default void notSaved(String sentence) {
    }
}
