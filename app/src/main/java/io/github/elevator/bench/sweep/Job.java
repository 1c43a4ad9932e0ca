package io.github.elevator.bench.sweep;

import io.github.elevator.bench.TimedRun;

import java.io.IOException;

/** The measuring part of a benchmark, run on a device under test that {@link Ending} finishes after it. */
@FunctionalInterface
public interface Job {
    void run() throws IOException, InterruptedException, TimedRun.CancelledException;
}
