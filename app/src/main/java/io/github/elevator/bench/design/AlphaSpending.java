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
    /**
     * Share of alpha the last look (the one after which the budget ends) may spend; the looks
     * before it share the rest by the series above. The last look is known by time alone (the
     * next block would not fit the budget), never by the data, so the shares still add up to at
     * most alpha. Measured on this machine's sweeps, the series alone left the eighth block of a
     * 60 s sweep about alpha / 33 per look, and with Holm over six pairs a t of about 7: no
     * difference under 40-60 % was ever called. Most of alpha now waits for the end, where the
     * most blocks are; the early looks still stop a sweep at once for a gap like bfq's 30 %.
     */
    static final double LAST_LOOK_SHARE = 0.8;

    /**
     * Share of alpha the last look of a continued sweep ("Measure longer") may spend: the sweep it
     * continues spent the last look's share already, so this one is extra, and kept small. Its
     * early looks go on with the series, whose later terms the first sweep never spent. Measured
     * in {@code CalibrationTest}: identical schedulers called different by a sweep and its
     * continuation together.
     */
    static final double CONTINUED_LAST_SHARE = 0.2;

    private AlphaSpending() {
    }

    /** What look {@code look} may spend: its share of the early looks' alpha, or the last look's. */
    static double atLook(double alpha, int look, boolean last) {
        return last ? alpha * LAST_LOOK_SHARE : atLook(alpha * (1 - LAST_LOOK_SHARE), look);
    }

    /** As above; {@code continued}: the look belongs to a sweep that continues one which ended. */
    static double atLook(double alpha, int look, boolean last, boolean continued) {
        return last && continued ? alpha * CONTINUED_LAST_SHARE : atLook(alpha, look, last);
    }

    static double atLook(double alpha, int look) {
        if (look < 1) throw new IllegalArgumentException("looks are counted from 1, not " + look); // untranslated: a bug
        return alpha * (1 / Math.sqrt(look) - 1 / Math.sqrt(look + 1.0));
    }
}
