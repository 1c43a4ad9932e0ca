package io.github.elevator.bench.design;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecommendationTest {
    private static final String[] FOUR = {"none", "mq-deadline", "kyber", "bfq"};

    /** Runs {@code blocks} blocks of a seeded simulated device without drift and decides. */
    private static WorkloadDecision decide(Metric metric, double[] speed, Map<String, Double> cpu, double noise, int blocks) {
        return decide(metric, speed, cpu, noise, blocks, Preference.NONE);
    }

    private static WorkloadDecision decide(Metric metric, double[] speed, Map<String, Double> cpu, double noise, int blocks,
                                           Preference preference) {
        String[] names = java.util.Arrays.copyOf(FOUR, speed.length);
        SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(names, speed), cpu, noise, 0, blocks, 5);
        return PairedAnalysis.decide("rand-read", metric, device.blocks(new BlockDesign(List.of(names), 5), blocks), 0.03, false,
                null, preference);
    }

    @Test
    void oneSchedulerFasterThanEveryOtherIsRecommendedWithItsLead() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {112, 100, 99, 70}, null, 0.01, 12);
        assertEquals("none", d.recommendation());
        assertEquals(Basis.ONLY_LEADER, d.choice().basis());
        assertEquals(List.of("none"), d.choice().leaders());
        assertNull(d.choice().bound(), "one leader: nothing left open between leaders");
        assertTrue(DecisionWords.why(d).matches("none is 1[1-3] % faster than mq-deadline \\(95 % CI \\d+(\\.\\d)?–\\d+(\\.\\d)? %\\); .*\\."), DecisionWords.why(d));
        // The three pairs of none decide it; how mq-deadline, kyber and bfq compare does not matter.
        assertEquals(6, d.pairs().size());
        assertEquals(3, d.toDecide());
        assertEquals(3, d.decided());
        assertTrue(d.complete());
        assertEquals("decided 3 of 3 pairs", DecisionWords.progress(d));
    }

    @Test
    void amongEqualsTheOneWithClearlyTheLeastCpuPerIoIsRecommended() {
        Map<String, Double> cpu = SimulatedDevice.speeds(FOUR, 4e-6, 5e-6, 5.5e-6, 9e-6);
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 100.5, 70}, cpu, 0.003, 20, new Preference("kyber", "bfq"));
        assertEquals("none", d.recommendation(), "a decided CPU difference comes before the kernel's choice");
        assertEquals(Basis.LEAST_CPU, d.choice().basis());
        assertTrue(DecisionWords.why(d).matches("mq-deadline, kyber and none are equal within 3 %; bfq is behind [a-z-]+ \\(by at least \\d+ %\\)\\."
                + " none is recommended: it costs the least CPU per I/O among them, a decided difference\\."), DecisionWords.why(d));
        assertTrue(d.complete());
    }

    @Test
    void amongLeadersNotToldApartTheKernelsChoiceComesFirstThenTheOneInUse() {
        double[] speed = {100, 101, 100.5, 70};
        WorkloadDecision kernel = decide(Metric.IOPS, speed, null, 0.003, 20, new Preference("kyber", "none"));
        assertEquals("kyber", kernel.recommendation());
        assertEquals(Basis.KERNEL_DEFAULT, kernel.choice().basis());
        assertTrue(DecisionWords.why(kernel).endsWith("kyber is recommended: it is the kernel's own choice for this device."), DecisionWords.why(kernel));
        WorkloadDecision inUse = decide(Metric.IOPS, speed, null, 0.003, 20, new Preference("bfq", "none"));
        assertEquals("none", inUse.recommendation(), "bfq, the kernel's choice, is behind: the one in use is next");
        assertEquals(Basis.IN_USE, inUse.choice().basis());
        WorkloadDecision neither = decide(Metric.IOPS, speed, null, 0.003, 20);
        assertEquals("none", neither.recommendation(), "no CPU figures and no preference: the lightest by design, not the best measured");
        assertEquals(Basis.LIGHTEST_BY_DESIGN, neither.choice().basis());
    }

    @Test
    void withoutADecidedCpuDifferenceTheLightestByDesignIsChosenWhateverTheCpuMeasured() {
        // none measures a little more CPU than kyber, within the noise: an undecided figure does not move the answer
        Map<String, Double> cpu = SimulatedDevice.speeds(FOUR, 5.02e-6, 5e-6, 4.99e-6, 9e-6);
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 100.5, 70}, cpu, 0.003, 20);
        assertEquals(Basis.LIGHTEST_BY_DESIGN, d.choice().basis());
        assertEquals("none", d.recommendation());
        assertTrue(DecisionWords.why(d).endsWith("none is recommended: of them, it does the least work per request by design"
                + " (none, then mq-deadline, kyber, bfq)."), DecisionWords.why(d));
    }

    @Test
    void theLightestByDesignPutsAVariantAfterItsSchedulerAndUnknownSchedulersLast() {
        List<String> sorted = new java.util.ArrayList<>(List.of("zeta", "bfq low_latency=0", "kyber", "bfq", "adios", "mq-deadline", "none"));
        sorted.sort(LightestFirst.ORDERING);
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq", "bfq low_latency=0", "adios", "zeta"), sorted);
    }

    @Test
    void aLatencyLeaderIsTheLowest() {
        WorkloadDecision d = decide(Metric.LAT_P99, new double[] {80, 100}, null, 0.01, 10);
        assertEquals("none", d.recommendation());
        assertTrue(DecisionWords.why(d).startsWith("none has 20 % lower p99 latency than mq-deadline (95 % CI "), DecisionWords.why(d));
    }

    @Test
    void leadersNotToldApartStillGiveARecommendationWithWhatTheDataRuleOut() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 100, 100}, null, 0.1, 5, new Preference("mq-deadline", "none")); // a bound under 1,000 %: one above is not written as a number
        assertEquals("mq-deadline", d.recommendation());
        assertEquals(3, d.choice().leaders().size());
        double bound = d.choice().bound();
        assertEquals(Recommendation.farthest(d.pairs()), bound, 1e-12, "the bound is the far end of the leaders' intervals");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^[a-z-]+, [a-z-]+ and [a-z-]+: no difference larger than"
                + " (\\d+(\\.\\d)?) % between them \\(95 %\\)\\. mq-deadline is recommended: it is the kernel's own choice for this device\\.$")
                .matcher(DecisionWords.why(d));
        assertTrue(m.find(), DecisionWords.why(d));
        assertEquals(io.github.elevator.bench.wording.PairWords.percent(bound), m.group(1));
        assertEquals(0, d.decided());
        assertEquals(3, d.toDecide());
        assertFalse(d.complete(), "an answer is not a complete decision: the sweep goes on narrowing the bound");
    }

    @Test
    void tooFewBlocksSaySo() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {200, 100}, null, 0.01, 2);
        assertNull(d.recommendation());
        assertEquals("Not decided: 2 complete blocks so far, at least 3 are needed;"
                + " give it a longer budget, fewer workloads or a quieter machine.", DecisionWords.why(d));
    }

    @Test
    void aSchedulerBehindIsNamedWithItsGapAndLeftOutOfTheChoice() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 50}, null, 0.05, 10, new Preference("kyber", "none"));
        assertEquals("none", d.recommendation(), "kyber, the kernel's choice, is behind");
        assertEquals(List.of("mq-deadline", "none"), d.choice().leaders());
        assertTrue(DecisionWords.why(d).contains("; kyber is behind "), DecisionWords.why(d));
        assertEquals(List.of("mq-deadline", "none", "kyber"), d.ranking());
        assertFalse(d.figures().get(2).leader());
        // kyber's two pairs are decided; the leaders' pair is not.
        assertEquals(2, d.decided());
        assertEquals(3, d.toDecide());
    }

    @Test
    void aSingleSchedulerHasNothingToCompare() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100}, null, 0.01, 5);
        assertNull(d.recommendation());
        assertEquals("Only none was measured: there is nothing to compare it with.", DecisionWords.why(d));
        assertTrue(d.complete());
    }

    @Test
    void figuresAreTheGeometricMeansInTheRankingsOrder() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 120, 90}, null, 0.01, 6);
        assertEquals(List.of("mq-deadline", "none", "kyber"), d.ranking());
        double last = Double.POSITIVE_INFINITY;
        for (Figure f : d.figures()) {
            assertTrue(f.value() < last, "ranked by the figure shown: " + d.figures());
            last = f.value();
            assertEquals(6, f.blocks());
        }
        assertEquals(120, d.figures().get(0).value(), 120 * 0.02);
    }
}
