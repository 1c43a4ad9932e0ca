package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A device that slows down 20 % linearly over the run, with identical schedulers. The margin is
 * kept below the drift's effect within a block, so equivalence cannot hide a false difference.
 */
class DriftTest {
    private static final double MARGIN = 0.001;

    @Test
    void twoIdenticalSchedulersInterleavedByTheDesignAreNeverCalledDifferent() {
        String[] names = {"a", "b"};
        for (long seed = 0; seed < 50; seed++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(names, 100, 100), null, 0.002, 0.2, 40, seed);
            SimulatedDevice.Outcome o = device.adaptiveRun(new BlockDesign(List.of(names), seed), Metric.IOPS, MARGIN);
            assertFalse(o.everDifferent(), "seed " + seed + ": " + o.last().pairs());
        }
    }

    @Test
    void driftDoesNotRaiseTheFalseDifferenceRateOfFourIdenticalSchedulers() {
        // With six pairs and a look after every block, a few runs in a hundred may still be called
        // different at some look (the 5 % the method allows); drift must not add to that.
        String[] names = {"a", "b", "c", "d"};
        int runs = 200, different = 0;
        for (long seed = 0; seed < runs; seed++) {
            SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(names, 100, 100, 100, 100), null,
                    0.002, 0.2, 40, seed);
            if (device.adaptiveRun(new BlockDesign(List.of(names), seed), Metric.IOPS, MARGIN).everDifferent()) different++;
        }
        System.out.printf(Locale.ROOT, "4 identical schedulers, 20 %% drift, 0.2 %% noise: called different in %d of %d runs%n", different, runs);
        assertTrue(different <= runs * 0.05, different + " of " + runs);
    }

    @Test
    void theSameDriftWithAFixedOrderWouldBeCalledADifference() {
        // Why the order must change: a always first gains 20 % / 80 slots = 0.25 % on b in every block.
        String[] names = {"a", "b"};
        SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(names, 100, 100), null, 0.002, 0.2, 40, 1);
        List<Map<String, Observation>> blocks = new ArrayList<>();
        for (int b = 0; b < 40; b++) blocks.add(device.block(b, List.of(names)));
        PairVerdict p = PairedAnalysis.decide("w", Metric.IOPS, blocks, MARGIN).pairs().get(0);
        assertEquals("a", p.a());
        assertEquals(Verdict.FASTER, p.verdict(), p.toString());
    }

}
