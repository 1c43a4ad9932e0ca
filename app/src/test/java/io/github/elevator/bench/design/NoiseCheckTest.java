package io.github.elevator.bench.design;

import io.github.elevator.bench.wording.PairWords;
import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The same scheduler in every slot, labelled as if different. */
class NoiseCheckTest {
    private static final String[] SLOTS = {"none#1", "none#2", "none#3", "none#4"};

    private static List<Map<String, Observation>> run(double noise, int blocks, long seed) {
        SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(SLOTS, 100, 100, 100, 100), null, noise, 0.2, blocks, seed);
        return device.blocks(new BlockDesign(List.of(SLOTS), seed), blocks);
    }

    @Test
    void theNoiseFloorIsTheWidestHalfIntervalAsARatio() {
        WorkloadDecision d = PairedAnalysis.noiseCheck("rand-read", Metric.IOPS, run(0.02, 30, 3), 0.03, true);
        double widest = d.pairs().stream().mapToDouble(p -> Math.sqrt(p.ci95()[1] / p.ci95()[0]) - 1).max().orElseThrow();
        assertEquals(widest, d.noiseFloor(), 1e-12);
        // 2 % noise per run: the log ratio of two runs varies by about 2.8 %, over 30 blocks its mean by 0.5 %.
        assertTrue(d.noiseFloor() > 0.005 && d.noiseFloor() < 0.05, "floor " + d.noiseFloor());
        assertNull(d.recommendation());
        assertEquals("Differences under " + PairWords.percent(d.noiseFloor()) + " % cannot be resolved here.", DecisionWords.why(d));
    }

    @Test
    void aQuieterDeviceResolvesSmallerDifferences() {
        double quiet = PairedAnalysis.noiseCheck("w", Metric.IOPS, run(0.01, 30, 4), 0.03, true).noiseFloor();
        double loud = PairedAnalysis.noiseCheck("w", Metric.IOPS, run(0.10, 30, 4), 0.03, true).noiseFloor();
        assertTrue(quiet < loud / 5, quiet + " vs " + loud);
    }

    @Test
    void tooFewBlocksGiveNoFloor() {
        WorkloadDecision d = PairedAnalysis.noiseCheck("w", Metric.IOPS, run(0.02, 2, 1), 0.03, true);
        assertNull(d.noiseFloor());
        assertEquals("Noise check: 2 complete blocks, at least 3 are needed; give it a longer budget.", DecisionWords.why(d));
    }
}
