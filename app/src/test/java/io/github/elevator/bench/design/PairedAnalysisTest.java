package io.github.elevator.bench.design;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.Metric;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The statistics on data small enough to check by hand. */
class PairedAnalysisTest {

    /** Blocks of two schedulers: b is 100, a is 100 * e^d for each d. */
    static List<Map<String, Observation>> twoSchedulers(String first, String second, double... logRatios) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        for (double d : logRatios) {
            Map<String, Observation> block = new LinkedHashMap<>();
            block.put(second, new Observation(second, 100));
            block.put(first, new Observation(first, 100 * Math.exp(d)));
            blocks.add(block);
        }
        return blocks;
    }

    @Test
    void studentTMatchesThePrintedTable() {
        assertEquals(4.303, StudentT.quantile(0.025, 2), 1e-3);
        assertEquals(5.841, StudentT.quantile(0.005, 3), 1e-3);
        assertEquals(0.05, StudentT.twoSidedP(4.3027, 2), 1e-4);
        assertEquals(1, StudentT.twoSidedP(0, 5), 1e-12);
    }

    @Test
    void alphaIsSpentOverLooksAndNeverExceeded() {
        assertEquals(0.05 * (1 - 1 / Math.sqrt(2)), AlphaSpending.atLook(0.05, 1), 1e-15);
        double spent = 0;
        for (int k = 1; k <= 1_000_000; k++) spent += AlphaSpending.atLook(0.05, k);
        assertTrue(spent < 0.05 && spent > 0.0499, "spent " + spent);
        assertThrows(IllegalArgumentException.class, () -> AlphaSpending.atLook(0.05, 0));
        // early looks share 1 %, the one last look 4 %: never more than 5 % wherever the sweep stops
        double early = 0;
        for (int k = 1; k <= 1_000_000; k++) early += AlphaSpending.atLook(0.05, k, false);
        assertTrue(early + AlphaSpending.atLook(0.05, 1_000_001, true) <= 0.05, "spent " + early);
        assertEquals(0.04, AlphaSpending.atLook(0.05, 6, true), 1e-15);
    }

    @Test
    void theLastLookDecidesWhatEarlierLooksCouldNot() {
        // the same five blocks: a 4 % lead with 2 % noise; an early look cannot call it, the last look can
        List<Map<String, Observation>> blocks = twoSchedulers("a", "b", 0.04, 0.06, 0.02, 0.05, 0.03);
        assertEquals(Verdict.UNDECIDED, PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.01, false).pairs().get(0).verdict());
        assertEquals(Verdict.FASTER, PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.01, true).pairs().get(0).verdict());
    }

    @Test
    void aVerdictOnceGivenIsKeptAtLaterLooks() {
        // the last look's share calls a's 4 % lead; a later, early look on one more block could not
        List<Map<String, Observation>> blocks = twoSchedulers("a", "b", 0.04, 0.06, 0.02, 0.05, 0.03);
        WorkloadDecision first = PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.01, true);
        assertEquals(Verdict.FASTER, first.pairs().get(0).verdict());
        blocks.addAll(twoSchedulers("a", "b", 0.0));
        assertEquals(Verdict.UNDECIDED, PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.01, false).pairs().get(0).verdict());
        WorkloadDecision kept = PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.01, false, first);
        assertEquals(first.pairs(), kept.pairs());
        assertEquals(6, kept.blocks());
    }

    @Test
    void aKeptVerdictIsTurnedWhenTheRankingTurns() {
        PairVerdict p = new PairVerdict("a", "b", 1.25, new double[] {1.1, 1.6}, Verdict.FASTER);
        PairVerdict r = p.reversed();
        assertEquals("b", r.a());
        assertEquals(Verdict.SLOWER, r.verdict());
        assertEquals(0.8, r.ratio(), 1e-12);
        assertArrayEquals(new double[] {1 / 1.6, 1 / 1.1}, r.ci95(), 1e-12);
        assertEquals(p, r.reversed());
    }

    @Test
    void aSchedulerSetAsideIsPairedOnTheBlocksItRanAndRankedLast() {
        // c is 40 % behind a and b from the first blocks; afterwards only a and b run
        List<Map<String, Observation>> blocks = new ArrayList<>();
        double[] aOverB = {0.01, -0.01, 0.02, 0.0, 0.01, -0.02, 0.01, 0.0};
        for (int i = 0; i < aOverB.length; i++) {
            Map<String, Observation> block = new LinkedHashMap<>();
            block.put("a", new Observation("a", 100 * Math.exp(aOverB[i])));
            block.put("b", new Observation("b", 100));
            if (i < 3) block.put("c", new Observation("c", 60 + i));
            blocks.add(block);
        }
        WorkloadDecision atThree = PairedAnalysis.decide("w", Metric.IOPS, blocks.subList(0, 3), 0.03, false);
        assertEquals(java.util.Set.of("c"), atThree.behind(), atThree.pairs().toString());
        // without knowing c was set aside, the blocks without it would be left out
        assertEquals(3, PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.03, true).blocks());
        WorkloadDecision later = PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.03, true, atThree);
        assertEquals(8, later.blocks());
        assertEquals("c", later.pairs().get(2).b(), "set aside, ranked last: " + later.pairs());
        PairVerdict ab = later.pairs().get(0);
        assertTrue(ab.involves("a") && ab.involves("b"), later.pairs().toString());
        assertEquals(Verdict.EQUIVALENT, ab.verdict(), ab.toString());
        for (PairVerdict p : later.pairs().subList(1, 3)) {
            assertEquals(atThree.pairs().stream().filter(q -> q.involves(p.a()) && q.involves(p.b())).findFirst().orElseThrow(), p,
                    "c's pairs as they were when it was set aside");
        }
        assertTrue(later.complete(), DecisionWords.progress(later));
        assertEquals("decided 3 of 3 pairs", DecisionWords.progress(later));
    }

    @Test
    void holmStepsDownAndStopsAtTheFirstFailure() {
        // m = 3 at 5 %: thresholds 0.05/3, 0.05/2, 0.05.
        Holm all = Holm.of(new double[] {0.04, 0.001, 0.02}, 0.05);
        assertArrayEquals(new boolean[] {true, true, true}, all.rejected());
        assertArrayEquals(new double[] {0.05, 0.05 / 3, 0.05 / 2}, all.level(), 1e-15);
        // 0.03 fails at 0.025, so 0.04 is not rejected although it is under 0.05.
        Holm stops = Holm.of(new double[] {0.03, 0.01, 0.04}, 0.05);
        assertArrayEquals(new boolean[] {false, true, false}, stops.rejected());
        assertArrayEquals(new double[] {0.025, 0.05 / 3, 0.025}, stops.level(), 1e-15);
        // Bonferroni would reject only the first; Holm also the second.
        assertArrayEquals(new boolean[] {true, true}, Holm.of(new double[] {0.02, 0.04}, 0.05).rejected());
    }

    @Test
    void ratioIntervalAndVerdictOfKnownData() {
        // d = 0.10, 0.12, 0.08, 0.10: mean 0.10, s = sqrt(0.0008 / 3), se = s / 2; look 2 of the
        // sequence (4 blocks), not the last, one pair, so the level is the early looks' 1 % times
        // (1/sqrt 2 - 1/sqrt 3).
        WorkloadDecision d = PairedAnalysis.decide("rand-read", Metric.IOPS,
                twoSchedulers("none", "kyber", 0.10, 0.12, 0.08, 0.10), 0.03);
        PairVerdict p = d.pairs().get(0);
        assertEquals("none", p.a());
        assertEquals("kyber", p.b());
        assertEquals(Math.exp(0.10), p.ratio(), 1e-12);
        double level = 0.05 * (1 - AlphaSpending.LAST_LOOK_SHARE) * (1 / Math.sqrt(2) - 1 / Math.sqrt(3));
        double half = -new TDistribution(3).inverseCumulativeProbability(level / 2) * Math.sqrt(0.0008 / 3) / 2;
        assertArrayEquals(new double[] {Math.exp(0.10 - half), Math.exp(0.10 + half)}, p.ci95(), 1e-9);
        assertEquals(Verdict.FASTER, p.verdict());
        assertEquals(4, d.blocks());
        assertEquals(1, d.decided());
        assertEquals(1, d.toDecide());
        assertTrue(d.complete());
        assertEquals("none", d.recommendation());
    }

    @Test
    void pairsAreOrientedBestFirstWhateverTheInputOrder() {
        WorkloadDecision d = PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("slow", "fast", -0.10, -0.12, -0.08, -0.10), 0.03);
        assertEquals("fast", d.pairs().get(0).a());
        assertEquals(Math.exp(0.10), d.pairs().get(0).ratio(), 1e-12);
        assertEquals(Verdict.FASTER, d.pairs().get(0).verdict());
    }

    @Test
    void forALatencyTheLowerIsFaster() {
        WorkloadDecision d = PairedAnalysis.decide("w", Metric.LAT_P99, twoSchedulers("a", "b", 0.10, 0.12, 0.08, 0.10), 0.03);
        PairVerdict p = d.pairs().get(0);
        assertEquals("b", p.a());
        assertEquals(Math.exp(-0.10), p.ratio(), 1e-12);
        assertEquals(Verdict.FASTER, p.verdict());
        assertEquals("b", d.recommendation());
    }

    @Test
    void aTightIntervalInsideTheMarginIsEquivalent() {
        double[] d = {0.001, -0.001, 0.002, -0.002, 0, 0};
        assertEquals(Verdict.EQUIVALENT, PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("a", "b", d), 0.03).pairs().get(0).verdict());
        assertEquals(Verdict.UNDECIDED, PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("a", "b", d), 0.001).pairs().get(0).verdict());
    }

    @Test
    void aClearDifferenceSmallerThanTheMarginCountsAsEqual() {
        // 1 % ± 0.05 %: certainly not zero, but within 3 %; with a margin of 0.5 % it is a difference.
        double[] d = {0.0095, 0.0105, 0.0100, 0.0095, 0.0105, 0.0100, 0.0095, 0.0105, 0.0100, 0.0100};
        assertEquals(Verdict.EQUIVALENT, PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("a", "b", d), 0.03).pairs().get(0).verdict());
        assertEquals(Verdict.FASTER, PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("a", "b", d), 0.005).pairs().get(0).verdict());
    }

    @Test
    void noVerdictBeforeThreeBlocks() {
        WorkloadDecision d = PairedAnalysis.decide("w", Metric.IOPS, twoSchedulers("a", "b", 0.5, 0.5), 0.03);
        assertEquals(Verdict.UNDECIDED, d.pairs().get(0).verdict());
        assertEquals(Math.exp(0.5), d.pairs().get(0).ratio(), 1e-12);
        assertNull(d.pairs().get(0).ci95());
        assertNull(d.recommendation());
        assertFalse(d.complete());
        WorkloadDecision none = PairedAnalysis.decide("w", Metric.IOPS, List.of(), 0.03);
        assertTrue(none.pairs().isEmpty());
        assertNull(none.recommendation());
    }

    @Test
    void anIncompleteBlockIsIgnored() {
        List<Map<String, Observation>> blocks = twoSchedulers("a", "b", 0.10, 0.12, 0.08, 0.10);
        WorkloadDecision before = PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.03);
        blocks.add(Map.of("a", new Observation("a", 1)));
        WorkloadDecision after = PairedAnalysis.decide("w", Metric.IOPS, blocks, 0.03);
        assertEquals(4, after.blocks());
        assertEquals(before.pairs(), after.pairs());
    }

    @Test
    void badInputIsRefused() {
        List<Map<String, Observation>> ok = twoSchedulers("a", "b", 0.1, 0.1, 0.1);
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", Metric.IOPS, ok, 0));
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", Metric.IOPS, ok, 1.5));
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", Metric.IOPS, ok, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", null, ok, 0.03));
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", Metric.IOPS, null, 0.03));
        assertThrows(IllegalArgumentException.class, () -> PairedAnalysis.decide("w", Metric.IOPS,
                List.of(Map.of("a", new Observation("b", 1))), 0.03));
        assertThrows(IllegalArgumentException.class, () -> new Observation("a", 0));
        assertThrows(IllegalArgumentException.class, () -> new Observation("a", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new Observation("a", 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new Observation("", 1));
    }
}
