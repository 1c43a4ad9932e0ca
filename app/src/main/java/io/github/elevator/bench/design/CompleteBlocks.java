package io.github.elevator.bench.design;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blocks in which every scheduler still being run ran, as logarithms of the metric and CPU per
 * I/O. A scheduler set aside (decided behind another, so no longer run) is NaN in the blocks
 * without it; any other block that misses a scheduler (a run that measured nothing) is left out:
 * its schedulers cannot be paired.
 */
final class CompleteBlocks {
    final List<String> schedulers;
    /** [scheduler][block], NaN after the scheduler was set aside */
    final double[][] logValue;
    /** [scheduler][block], NaN when unknown */
    final double[][] logCpuPerIo;
    /** [scheduler][block]: the variance of the log value that counting whole I/Os alone gives, 0 when the count is unknown */
    final double[][] countingVariance;
    /** [scheduler][block]: the log value of each slice of the run, in the block's rounds; empty when unknown */
    final double[][][] sliceLogs;

    private CompleteBlocks(List<String> schedulers, double[][] logValue, double[][] logCpuPerIo, double[][] countingVariance,
                           double[][][] sliceLogs) {
        this.schedulers = schedulers;
        this.logValue = logValue;
        this.logCpuPerIo = logCpuPerIo;
        this.countingVariance = countingVariance;
        this.sliceLogs = sliceLogs;
    }

    /**
     * The within-block differences of the log values of {@code a} and {@code b}, with each block's
     * floor: what counting whole I/Os gives, or what the two runs' slices give, whichever is larger.
     */
    LogDifferences differences(String a, String b) {
        int i = indexOf(a), j = indexOf(b);
        double[] floor = new double[count()];
        for (int k = 0; k < floor.length; k++) {
            floor[k] = Math.max(countingVariance[i][k] + countingVariance[j][k], SlicePairs.variance(sliceLogs[i][k], sliceLogs[j][k]));
        }
        return LogDifferences.of(logValue[i], logValue[j], floor);
    }

    /**
     * A run that completed k I/Os is known to about one I/O in k: a throttle or a slow device
     * completes requests in steps (of two 1 MiB reads under a blkio throttle here), and where in
     * its step a run starts and ends moves the count by up to a step. One I/O is taken as one
     * standard deviation of the count, so the log value's is 1/k.
     */
    static double countingVariance(double ios) {
        return ios > 0 ? 1 / (ios * ios) : Double.isNaN(ios) ? 0 : 1;
    }

    int count() {
        return logValue.length == 0 ? 0 : logValue[0].length;
    }

    /** Run in the last block, so measured in every block. */
    boolean stillRun(String scheduler) {
        int count = count();
        return count > 0 && !Double.isNaN(logValue[indexOf(scheduler)][count - 1]);
    }

    int indexOf(String scheduler) {
        return schedulers.indexOf(scheduler);
    }

    /** The mean of the scheduler's log metric over the blocks it ran in; NaN before any. */
    double meanLogValue(String scheduler) {
        return meanOfKnown(logValue[indexOf(scheduler)]);
    }

    /** The mean of the scheduler's log CPU per I/O over the blocks that know it; NaN when none does. */
    double meanLogCpu(String scheduler) {
        return meanOfKnown(logCpuPerIo[indexOf(scheduler)]);
    }

    /** The blocks the scheduler ran in. */
    int blocksOf(String scheduler) {
        int n = 0;
        for (double v : logValue[indexOf(scheduler)]) if (!Double.isNaN(v)) n++;
        return n;
    }

    private static double meanOfKnown(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            sum += v;
            n++;
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The schedulers in the order they first appear; blocks in run order; none set aside. */
    static CompleteBlocks of(List<Map<String, Observation>> blocks) {
        return of(blocks, Set.of());
    }

    /** As above, with the schedulers the sweep no longer runs. */
    static CompleteBlocks of(List<Map<String, Observation>> blocks, Set<String> setAside) {
        if (blocks == null) throw new IllegalArgumentException("blocks must be a list (empty before the first block)"); // untranslated: a bug
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Observation> block : blocks) {
            if (block == null) throw new IllegalArgumentException("a block must be a map from scheduler to observation, not null"); // untranslated: a bug
            block.forEach((scheduler, o) -> {
                if (o == null || !o.scheduler().equals(scheduler)) {
                    throw new IllegalArgumentException("the observation filed under " + scheduler + " is " + o); // untranslated: a bug
                }
                names.add(scheduler);
            });
        }
        List<String> schedulers = List.copyOf(names);
        Set<String> run = new HashSet<>(schedulers);
        run.removeAll(setAside);
        List<Map<String, Observation>> complete = new ArrayList<>();
        for (Map<String, Observation> block : blocks) if (block.keySet().containsAll(run)) complete.add(block);
        double[][] logValue = new double[schedulers.size()][complete.size()];
        double[][] logCpu = new double[schedulers.size()][complete.size()];
        double[][] counting = new double[schedulers.size()][complete.size()];
        double[][][] slices = new double[schedulers.size()][complete.size()][];
        for (int s = 0; s < schedulers.size(); s++) {
            for (int b = 0; b < complete.size(); b++) {
                Observation o = complete.get(b).get(schedulers.get(s));
                logValue[s][b] = o == null ? Double.NaN : Math.log(o.value());
                logCpu[s][b] = o != null && o.cpuPerIo() > 0 ? Math.log(o.cpuPerIo()) : Double.NaN;
                counting[s][b] = o == null ? 0 : countingVariance(o.ios());
                slices[s][b] = o == null ? new double[0] : o.sliceLogs().stream().mapToDouble(Double::doubleValue).toArray();
            }
        }
        return new CompleteBlocks(schedulers, logValue, logCpu, counting, slices);
    }
}
