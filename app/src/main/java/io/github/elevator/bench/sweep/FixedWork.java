package io.github.elevator.bench.sweep;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

/**
 * How much work a run of a write workload does: whole units of it (small-files: one PostMark pool
 * and its transactions), as many as fill the time a run is given, and never less than one, so a
 * slot is made longer rather than left with nothing measured. Every slot of a sweep does the same
 * number of units; what they take is the measurement, and what they took so far is what the next
 * slot is expected to cost.
 *
 * @param units       units per run, fixed for the sweep
 * @param unitSeconds what one unit took when it was timed before the first block
 * @param runSeconds  what a run is expected to take: its units at first, then the mean of the runs so far
 * @param runs        runs measured so far
 */
record FixedWork(int units, double unitSeconds, double runSeconds, int runs) {
    /** However fast the device, a run does at most this many units, so that its work stays a countable size. */
    static final int MAX_UNITS = 1000;

    FixedWork {
        if (units < 1) throw new IllegalArgumentException("at least one unit per run"); // untranslated: a bug, for programmers
    }

    /** The units that fill {@code givenSeconds}, at least one, from one unit timed at {@code unitSeconds}. */
    static FixedWork fitting(double givenSeconds, double unitSeconds) {
        long units = Math.round(givenSeconds / Math.max(unitSeconds, 1e-6));
        int n = (int) Math.max(1, Math.min(MAX_UNITS, units));
        return new FixedWork(n, unitSeconds, n * unitSeconds, 0);
    }

    /**
     * For work measured in a window rather than counted (read-under-write's reads, which the helper
     * times): as many windows of {@code givenSeconds} as hold {@code wanted} operations, from one
     * window that held {@code held}, within {@code maxSeconds} a run.
     */
    static FixedWork holding(int wanted, long held, double givenSeconds, double maxSeconds) {
        long most = Math.max(1, (long) Math.floor(maxSeconds / givenSeconds));
        long windows = held <= 0 ? most : (wanted + held - 1) / held;
        int n = (int) Math.max(1, Math.min(most, windows));
        return new FixedWork(n, givenSeconds, n * givenSeconds, 0);
    }

    /** After a run that took {@code seconds}: the expected cost becomes the mean of the runs measured. */
    FixedWork took(double seconds) {
        return new FixedWork(units, unitSeconds, (runSeconds * runs + seconds) / (runs + 1), runs + 1);
    }

    /** One unit takes longer than a run was given: each run is that one unit, longer than planned. */
    boolean longerThan(double givenSeconds) {
        return unitSeconds > givenSeconds;
    }

    /**
     * In words, for the progress line: how much work a run does and why, how long a block takes
     * and how many blocks the budget holds.
     */
    String describe(String workload, WorkUnit unit, double givenSeconds, double blockSeconds, int budgetSeconds) {
        String work = longerThan(givenSeconds)
                ? Messages.text("app.work.longer", unit.one(), seconds(unitSeconds), seconds(givenSeconds))
                : Messages.text("app.work.per-run", unit.count(units), seconds(unitSeconds));
        return workload + ": " + work + "; " + blocks(blockSeconds, budgetSeconds);
    }

    /** {@link #describe}'s words for a window sized by {@link #holding}. */
    String describeWindows(String workload, long held, int wanted, double blockSeconds, int budgetSeconds) {
        String reads = Messages.count("app.work.reads", held);
        String work = units == 1
                ? Messages.text("app.work.window", seconds(unitSeconds), reads)
                : Messages.text("app.work.window.longer", seconds(unitSeconds), reads, wanted, seconds(units * unitSeconds));
        return workload + ": " + work + "; " + blocks(blockSeconds, budgetSeconds);
    }

    private static String blocks(double blockSeconds, int budgetSeconds) {
        long fit = (long) Math.floor(budgetSeconds / blockSeconds);
        return fit >= 1
                ? Messages.count("app.work.blocks", fit, seconds(blockSeconds), budgetSeconds)
                : Messages.text("app.work.block-too-long", seconds(blockSeconds), budgetSeconds);
    }

    private static String seconds(double s) {
        return Numbers.seconds(s) + " s";
    }
}
