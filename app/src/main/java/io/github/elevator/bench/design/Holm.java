package io.github.elevator.bench.design;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down procedure: the j-th smallest of m p-values (j from 0) is tested at
 * alpha / (m - j) until the first that fails; that one and all after it are not rejected and keep
 * the level where the procedure stopped. The family-wise error stays within alpha.
 *
 * @param level    per hypothesis, the level it was (or would have been) tested at
 * @param rejected per hypothesis
 */
record Holm(double[] level, boolean[] rejected) {

    static Holm of(double[] p, double alpha) {
        int m = p.length;
        int[] byP = IntStream.range(0, m).boxed().sorted(Comparator.comparingDouble(i -> p[i])).mapToInt(i -> i).toArray();
        double[] level = new double[m];
        boolean[] rejected = new boolean[m];
        boolean stopped = false;
        double current = alpha / Math.max(m, 1);
        for (int j = 0; j < m; j++) {
            int i = byP[j];
            if (!stopped) {
                current = alpha / (m - j);
                rejected[i] = p[i] < current;
                stopped = !rejected[i];
            }
            level[i] = current;
        }
        return new Holm(level, rejected);
    }
}
