package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A slot's figure counted from a few whole reads is known only to one read in that many, however alike the blocks are. */
class CountedReadsTest {
    /** kyber 6 reads of 1 MiB in 0.337 s, none 4, in every block: the throttled sweep's "50 % faster (95 % CI 47-54 %)". */
    private static List<Map<String, Observation>> blocks(int n, double kyberReads, double noneReads, boolean counted) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            // a hair apart, as two slots' measured seconds are
            double k = kyberReads / (0.337 + 1e-4 * b), o = noneReads / (0.337 - 1e-4 * b);
            blocks.add(Map.of("kyber", new Observation("kyber", k, Double.NaN, counted ? kyberReads : Double.NaN),
                    "none", new Observation("none", o, Double.NaN, counted ? noneReads : Double.NaN)));
        }
        return blocks;
    }

    private static PairVerdict pair(List<Map<String, Observation>> blocks) {
        return PairedAnalysis.decide("seq-read", Metric.MIBPS, blocks, 0.03).pairs().get(0);
    }

    @Test
    void threeBlocksOfTheSameFewReadsDecideNothing() {
        PairVerdict uncounted = pair(blocks(3, 6, 4, false));
        assertEquals(Verdict.FASTER, uncounted.verdict(), "without the counts, the spread of three equal ratios is nearly 0: " + uncounted);
        PairVerdict counted = pair(blocks(3, 6, 4, true));
        assertEquals(Verdict.UNDECIDED, counted.verdict(), counted.toString());
        assertTrue(counted.ci95()[0] < 1 && counted.ci95()[1] > 2, "a read more or less either way is within it: " + counted);
    }

    @Test
    void manyReadsPerSlotKeepTheirResolution() {
        // 6,000 against 4,000 reads: one read is 0.02 %, far below what separates them
        PairVerdict p = pair(blocks(3, 6000, 4000, true));
        assertEquals(Verdict.FASTER, p.verdict(), p.toString());
        assertTrue(p.ci95()[0] > 1.4 && p.ci95()[1] < 1.6, p.toString());
    }
}
