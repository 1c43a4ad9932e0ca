package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;

import java.io.IOException;

/** A check of Elevator's runs by another program doing the same reads in turns with Elevator's (fio's). */
public interface RunCheck {
    /** What the turns of one workload take, for the time a benchmark announces. */
    double secondsPerWorkload();

    /**
     * Elevator's and the other program's turns of {@code workload} on the current scheduler,
     * alternating; {@code turns} hears of each before it starts. Returns Elevator's turns as one run.
     */
    RunResult alternate(String workload, String scheduler, Turns turns)
            throws IOException, InterruptedException, TimedRun.CancelledException;

    /** Told before each turn: its place from 0, how many there are, what it does in words. */
    @FunctionalInterface
    interface Turns {
        void next(int turn, int turns, String doing) throws TimedRun.CancelledException;
    }
}
