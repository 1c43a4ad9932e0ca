package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;

import java.io.IOException;

/** A second measurement right after a run, on the same scheduler (fio's run of the same workload). */
@FunctionalInterface
public interface RunCheck {
    void after(RunResult run) throws IOException, InterruptedException;
}
