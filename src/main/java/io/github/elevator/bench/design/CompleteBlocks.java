package io.github.elevator.bench.design;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The blocks in which every scheduler ran, as logarithms of the metric and CPU per I/O. A block
 * that misses a scheduler (the last one, cancelled) is left out: its schedulers cannot be paired.
 */
final class CompleteBlocks {
    final List<String> schedulers;
    /** [scheduler][block] */
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

    int indexOf(String scheduler) {
        return schedulers.indexOf(scheduler);
    }

    /** The schedulers in the order they first appear; blocks in run order. */
    static CompleteBlocks of(List<Map<String, Observation>> blocks) {
        if (blocks == null) throw new IllegalArgumentException("blocks must be a list (empty before the first block)");
        Set<String> names = new LinkedHashSet<>();
        for (Map<String, Observation> block : blocks) {
            if (block == null) throw new IllegalArgumentException("a block must be a map from scheduler to observation, not null");
            block.forEach((scheduler, o) -> {
                if (o == null || !o.scheduler().equals(scheduler)) {
                    throw new IllegalArgumentException("the observation filed under " + scheduler + " is " + o);
                }
                names.add(scheduler);
            });
        }
        List<String> schedulers = List.copyOf(names);
        List<Map<String, Observation>> complete = new ArrayList<>();
        for (Map<String, Observation> block : blocks) if (block.keySet().containsAll(schedulers)) complete.add(block);
        double[][] logValue = new double[schedulers.size()][complete.size()];
        double[][] logCpu = new double[schedulers.size()][complete.size()];
        for (int s = 0; s < schedulers.size(); s++) {
            for (int b = 0; b < complete.size(); b++) {
                Observation o = complete.get(b).get(schedulers.get(s));
                logValue[s][b] = Math.log(o.value());
                logCpu[s][b] = o.cpuPerIo() > 0 ? Math.log(o.cpuPerIo()) : Double.NaN;
            }
        }
        return new CompleteBlocks(schedulers, logValue, logCpu);
    }
}
