package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A device measured through a block design: each scheduler has a true speed (and CPU per I/O),
 * every run gets lognormal noise, and the whole device slows down (or speeds up) linearly over
 * the run. Seeded, so every figure it gives is reproducible.
 */
final class SimulatedDevice {
    private final Map<String, Double> speed;
    private final Map<String, Double> cpuPerIo;
    private final double noise;
    private final double drift;
    private final int maxBlocks;
    private final Random random;

    /**
     * @param speed     true value of the metric per scheduler, in the design's order
     * @param cpuPerIo  true CPU per I/O per scheduler (NaN: unknown); null for unknown everywhere
     * @param noise     sigma of the lognormal noise of one run (0.05 for about 5 %)
     * @param drift     how much slower the device is at the end of maxBlocks blocks (0.2 for 20 %)
     */
    SimulatedDevice(Map<String, Double> speed, Map<String, Double> cpuPerIo, double noise, double drift, int maxBlocks, long seed) {
        this.speed = speed;
        this.cpuPerIo = cpuPerIo;
        this.noise = noise;
        this.drift = drift;
        this.maxBlocks = maxBlocks;
        this.random = new Random(seed);
    }

    static Map<String, Double> speeds(String[] names, double... values) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) m.put(names[i], values[i]);
        return m;
    }

    /** Runs one block in the given order. */
    Map<String, Observation> block(int block, List<String> order) {
        Map<String, Observation> runs = new LinkedHashMap<>();
        for (int slot = 0; slot < order.size(); slot++) {
            String s = order.get(slot);
            // a run continued past maxBlocks stays as slow as it was at the end (the drift would otherwise pass zero)
            double time = Math.min(1, (double) (block * order.size() + slot) / (maxBlocks * order.size()));
            double value = speed.get(s) * (1 - drift * time) * Math.exp(noise * random.nextGaussian());
            double cpu = cpuPerIo == null ? Double.NaN : cpuPerIo.get(s) * Math.exp(0.02 * random.nextGaussian());
            runs.put(s, new Observation(s, value, cpu));
        }
        return runs;
    }

    /** Runs the first {@code count} blocks of the design. */
    List<Map<String, Observation>> blocks(BlockDesign design, int count) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        for (int b = 0; b < count; b++) blocks.add(block(b, design.order(b)));
        return blocks;
    }

    /** What happened in one adaptive run: the last decision, its block count, and whether any look called a difference. */
    record Outcome(WorkloadDecision last, int blocks, boolean everDifferent, int firstDecidedAt, List<Map<String, Observation>> observed) {
    }

    /**
     * Looks after every block, as the sweep does: keeps what earlier looks decided, sets aside
     * the schedulers decided behind, and stops when the decision is complete, when more blocks
     * would no longer narrow the leaders' bound usefully ({@link BoundProjection}), or after
     * maxBlocks blocks.
     */
    Outcome adaptiveRun(BlockDesign design, Metric metric, double margin) {
        return adaptiveRun(design, metric, margin, Preference.NONE);
    }

    Outcome adaptiveRun(BlockDesign design, Metric metric, double margin, Preference preference) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        boolean everDifferent = false;
        WorkloadDecision d = null;
        for (int b = 0; b < maxBlocks; b++) {
            java.util.Set<String> behind = d == null ? java.util.Set.of() : d.behind();
            blocks.add(block(b, design.order(b).stream().filter(s -> !behind.contains(s)).toList()));
            boolean last = b == maxBlocks - 1;
            d = PairedAnalysis.decide("sim", metric, blocks, margin, last, d, preference);
            everDifferent |= d.pairs().stream().anyMatch(p -> p.verdict().different());
            if (d.complete()) return new Outcome(d, b + 1, everDifferent, b + 1, blocks);
            if (!last && !BoundProjection.worthMore(d, maxBlocks - b - 1)) return new Outcome(d, b + 1, everDifferent, -1, blocks);
        }
        return new Outcome(d, maxBlocks, everDifferent, -1, blocks);
    }

    /**
     * "Measure longer": the run of {@code first} continued to {@code total} blocks, its blocks kept,
     * looked at once at the end as the last look (the sweep looks after every block as well; its
     * early looks only add decisions). The schedulers it set aside stay aside.
     */
    WorkloadDecision continued(BlockDesign design, Metric metric, double margin, Preference preference, Outcome first, int total) {
        List<Map<String, Observation>> blocks = new ArrayList<>(first.observed());
        java.util.Set<String> behind = first.last().behind();
        for (int b = blocks.size(); b < total; b++) {
            blocks.add(block(b, design.order(b).stream().filter(s -> !behind.contains(s)).toList()));
        }
        return PairedAnalysis.decide("sim", metric, blocks, margin, true, first.last(), preference, true);
    }

    /** A noise check's floor: identical slots run as a sweep would run them, the widest half-width at the end. */
    Double noiseFloor(BlockDesign design, Metric metric, double margin) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        WorkloadDecision d = null;
        for (int b = 0; b < maxBlocks; b++) {
            blocks.add(block(b, design.order(b)));
            d = PairedAnalysis.noiseCheck("sim", metric, blocks, margin, b == maxBlocks - 1, d);
            if (d.complete()) break;
        }
        return d.noiseFloor();
    }
}
