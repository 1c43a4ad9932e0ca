package io.github.elevator.bench.design;

/**
 * How much of the error rate each look may spend, so that looking after every block, without end,
 * still calls a false difference with probability at most alpha in all: look k (1, 2, ...) gets
 * alpha * (1/sqrt(k) - 1/sqrt(k+1)), and these shares add up to exactly alpha. The shares fall
 * slowly (like k^-1.5), which keeps the tests sharp at the 10 to 40 blocks a sweep usually runs;
 * the often quoted alpha * 6 / (pi^2 k^2) gives more to the first looks, which have too few
 * blocks to decide anything, and five times less at the 40th.
 */
final class AlphaSpending {
    private AlphaSpending() {
    }

    static double atLook(double alpha, int look) {
        if (look < 1) throw new IllegalArgumentException("looks are counted from 1, not " + look);
        return alpha * (1 / Math.sqrt(look) - 1 / Math.sqrt(look + 1.0));
    }
}
