package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The method's error rates measured by simulation (seeded): identical schedulers looked at after
 * every block must be called different in at most 5 % of runs, and real differences and real
 * equality must still be found.
 */
class CalibrationTest {
    private static final String[] FOUR = {"s1", "s2", "s3", "s4"};
    private static final String[] TWO = {"a", "b"};

    @Test
    void identicalSchedulersAreCalledDifferentInAtMostFivePercentOfRuns() {
        int runs = 2000, maxBlocks = 40, different = 0, blocks = 0;
        Random settings = new Random(9);
        for (int run = 0; run < runs; run++) {
            double noise = 0.05 + 0.25 * settings.nextDouble();
            double drift = 0.2 * (settings.nextDouble() * 2 - 1);
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 100, 100, 100, 100), null,
                    noise, drift, maxBlocks, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03);
            if (o.everDifferent()) different++;
            blocks += o.blocks();
        }
        double rate = (double) different / runs;
        System.out.printf(Locale.ROOT, "identical schedulers (4, noise 5-30 %%, drift up to 20 %%, up to %d blocks, %d runs):"
                + " called different in %d runs = %.2f %% (mean %.1f blocks)%n", maxBlocks, runs, different, rate * 100, (double) blocks / runs);
        assertTrue(rate <= 0.05, "false-difference rate " + rate);
    }

    @Test
    void aTenPercentLeadOverFivePercentNoiseIsFoundWithinTwentyBlocks() {
        int runs = 300, found = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(TWO, 110, 100), null, 0.05, 0.2, 20, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(TWO), run), Metric.IOPS, 0.03);
            if (o.last().pairs().get(0).verdict() == Verdict.FASTER && "a".equals(o.last().recommendation())) found++;
        }
        System.out.printf(Locale.ROOT, "10 %% lead, 5 %% noise, 2 schedulers: found faster within 20 blocks in %d of %d runs%n", found, runs);
        assertTrue(found > runs * 0.8, found + " of " + runs);
    }

    @Test
    void aTenPercentLeaderAmongFourIsFoundWithinTwentyBlocks() {
        int runs = 300, found = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(FOUR, 110, 100, 100, 100), null, 0.05, 0.2, 20, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(FOUR), run), Metric.IOPS, 0.03);
            if ("s1".equals(o.last().recommendation())) found++;
        }
        System.out.printf(Locale.ROOT, "10 %% lead, 5 %% noise, 4 schedulers: leader recommended within 20 blocks in %d of %d runs%n", found, runs);
        assertTrue(found > runs / 2, found + " of " + runs);
    }

    @Test
    void equalSchedulersWithTwoPercentNoiseEndEquivalentAtThreePercent() {
        int runs = 300, equivalent = 0, blocks = 0;
        for (int run = 0; run < runs; run++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(TWO, 100, 100), null, 0.02, 0.2, 40, run);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(TWO), run), Metric.IOPS, 0.03);
            if (o.last().pairs().get(0).verdict() == Verdict.EQUIVALENT) {
                equivalent++;
                blocks += o.blocks();
            }
        }
        System.out.printf(Locale.ROOT, "equal, 2 %% noise, margin 3 %%: equivalent within 40 blocks in %d of %d runs (mean %.1f blocks)%n",
                equivalent, runs, (double) blocks / Math.max(1, equivalent));
        assertTrue(equivalent > runs * 0.9, equivalent + " of " + runs);
    }
}
