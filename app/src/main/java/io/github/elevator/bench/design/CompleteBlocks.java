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

    private CompleteBlocks(List<String> schedulers, double[][] logValue, double[][] logCpuPerIo) {
        this.schedulers = schedulers;
        this.logValue = logValue;
        this.logCpuPerIo = logCpuPerIo;
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
        for (int s = 0; s < schedulers.size(); s++) {
            for (int b = 0; b < complete.size(); b++) {
                Observation o = complete.get(b).get(schedulers.get(s));
                logValue[s][b] = o == null ? Double.NaN : Math.log(o.value());
                logCpu[s][b] = o != null && o.cpuPerIo() > 0 ? Math.log(o.cpuPerIo()) : Double.NaN;
            }
        }
        return new CompleteBlocks(schedulers, logValue, logCpu);
    }
}
