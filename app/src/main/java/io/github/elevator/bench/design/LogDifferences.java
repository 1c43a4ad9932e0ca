package io.github.elevator.bench.design;

/**
 * The within-block differences of two series of logarithms (ln a_i - ln b_i = ln(a_i / b_i)):
 * their mean, standard deviation and Student's t inference. Blocks where either is unknown
 * (NaN) are left out.
 */
record LogDifferences(int n, double mean, double sd) {

    /**
     * As {@link #of(double[], double[])}, with the standard deviation no smaller than the values'
     * own resolution: {@code floor} is each block's variance of the difference that counting whole
     * I/Os or the runs' slices give. Values counted from a few I/Os take few distinct values, so
     * three blocks can give the same ratio three times (6 against 4 reads of 1 MiB under a
     * throttle, "50 % faster" with a spread of nearly 0) although a step of the count either way
     * makes them equal; and a throttle that lets reads out in bursts of its period's allowance gives
     * slices of 0 or 150 reads, which a few blocks can pair by chance into a steady ratio of two.
     */
    static LogDifferences of(double[] a, double[] b, double[] floor) {
        LogDifferences observed = of(a, b);
        if (observed.n < 2) return observed;
        double known = 0;
        for (int i = 0; i < a.length; i++) if (!Double.isNaN(a[i] - b[i])) known += floor[i];
        return new LogDifferences(observed.n, observed.mean, Math.max(observed.sd, Math.sqrt(known / observed.n)));
    }

    static LogDifferences of(double[] a, double[] b) {
        int n = 0;
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            if (!Double.isNaN(d)) {
                n++;
                sum += d;
            }
        }
        double mean = n == 0 ? Double.NaN : sum / n;
        double squares = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            if (!Double.isNaN(d)) squares += (d - mean) * (d - mean);
        }
        return new LogDifferences(n, mean, n < 2 ? Double.NaN : Math.sqrt(squares / (n - 1)));
    }

    double standardError() {
        return sd / Math.sqrt(n);
    }

    /** Two-sided p-value of "the mean log ratio is 0"; needs n >= 2. */
    double p() {
        double se = standardError();
        if (se == 0) return mean == 0 ? 1 : 0;
        return StudentT.twoSidedP(mean / se, n - 1);
    }

    /** The interval {lo, hi} of the mean that misses it with probability {@code error} (two-sided). */
    double[] interval(double error) {
        double half = StudentT.quantile(error / 2, n - 1) * standardError();
        return new double[] {mean - half, mean + half};
    }
}
