package io.github.elevator.bench;

/**
 * The turns of an interleaved check with fio of one workload on one scheduler: Elevator, fio,
 * Elevator, fio, … {@code pairs} times, each turn {@code turnSeconds} long. Interleaving puts both
 * sides under the same drift of a shared machine, so each pair's ratio is a fair one and their
 * spread shows the noise; the pairs together take the time one run of each took before.
 */
public record FioPlan(int pairs, int turnSeconds) {
    /** Never fewer pairs: fewer say nothing about the spread. */
    public static final int MIN_PAIRS = 3;
    /**
     * What a turn costs beyond its measured seconds: fio's start, its 100 ms warm-up and its exit;
     * Elevator's warm-up. Measured on a 2-core machine with a loop device (docs/performance.md).
     */
    static final double TURN_OVERHEAD_SECONDS = 0.35;

    public FioPlan {
        if (pairs < MIN_PAIRS || turnSeconds < 1 || turnSeconds > FioCommand.MAX_SECONDS) {
            throw new IllegalArgumentException("no plan of " + pairs + " pairs of " + turnSeconds + " s"); // untranslated: a bug
        }
    }

    /**
     * The plan that takes the time of one run of {@code seconds} by each side, with its overhead:
     * turns of 1 s (fio runs whole seconds) and as many pairs as fit, never fewer than
     * {@link #MIN_PAIRS} (below 4 s a side, the check takes a little longer than one run of each did).
     */
    public static FioPlan within(double seconds) {
        int turn = 1;
        int fit = (int) Math.floor((seconds + TURN_OVERHEAD_SECONDS) / (turn + TURN_OVERHEAD_SECONDS) + 1e-9);
        return new FioPlan(Math.max(MIN_PAIRS, fit), turn);
    }

    /** Elevator's and fio's turns, in order. */
    public int turns() {
        return 2 * pairs;
    }

    /** What the whole check of the workload takes: every turn with its overhead. */
    public double expectedSeconds() {
        return turns() * (turnSeconds + TURN_OVERHEAD_SECONDS);
    }
}
