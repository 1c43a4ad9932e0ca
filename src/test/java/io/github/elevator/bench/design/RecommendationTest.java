package io.github.elevator.bench.design;

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
        return decide(metric, speed, cpu, noise, blocks, 0.03);
    }

    private static WorkloadDecision decide(Metric metric, double[] speed, Map<String, Double> cpu, double noise, int blocks, double margin) {
        String[] names = java.util.Arrays.copyOf(FOUR, speed.length);
        SimulatedDevice device = new SimulatedDevice(SimulatedDevice.speeds(names, speed), cpu, noise, 0, blocks, 5);
        return PairedAnalysis.decide("rand-read", metric, device.blocks(new BlockDesign(List.of(names), 5), blocks), margin);
    }

    @Test
    void oneSchedulerFasterThanEveryOtherIsRecommendedWithItsLead() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {112, 100, 99, 70}, null, 0.01, 12);
        assertEquals("none", d.recommendation());
        assertTrue(d.widerMargin().isEmpty(), "decided: nothing to run again");
        assertTrue(d.why().matches("none is 1[1-3] % faster than mq-deadline \\(95 % CI \\d+(\\.\\d)?–\\d+(\\.\\d)? %\\)\\."), d.why());
        // The three pairs of none decide it; how mq-deadline, kyber and bfq compare does not matter.
        assertEquals(6, d.pairs().size());
        assertEquals(3, d.toDecide());
        assertEquals(3, d.decided());
        assertTrue(d.complete());
        assertEquals("decided 3 of 3 pairs", d.progress());
    }

    @Test
    void amongEqualsTheOneWithClearlyTheLeastCpuPerIoIsRecommended() {
        Map<String, Double> cpu = SimulatedDevice.speeds(FOUR, 4e-6, 5e-6, 5.5e-6, 9e-6);
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 100.5, 70}, cpu, 0.003, 20);
        assertEquals("none", d.recommendation());
        assertEquals("none: as fast as mq-deadline and kyber (within 3 %), with the least CPU per I/O.", d.why());
        assertTrue(d.complete());
    }

    @Test
    void amongEqualsWithoutCpuFiguresTheBestMeasuredIsRecommendedAndSaidSo() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 100.5, 70}, null, 0.003, 20);
        assertEquals("mq-deadline", d.recommendation());
        assertEquals("mq-deadline: as fast as kyber and none (within 3 %); CPU per I/O is unknown,"
                + " so the one with the best measured IOPS.", d.why());
    }

    @Test
    void amongEqualsWithTheSameCpuPerIoTheBestMeasuredIsRecommendedAndSaidSo() {
        Map<String, Double> cpu = SimulatedDevice.speeds(FOUR, 5e-6, 5e-6, 5e-6, 9e-6);
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 100.5, 70}, cpu, 0.003, 20);
        assertEquals("mq-deadline", d.recommendation());
        assertEquals("mq-deadline: as fast as kyber and none (within 3 %); CPU per I/O does not tell them apart,"
                + " so the one with the best measured IOPS.", d.why());
    }

    @Test
    void aLatencyLeaderIsTheLowest() {
        WorkloadDecision d = decide(Metric.LAT_P99, new double[] {80, 100}, null, 0.01, 10);
        assertEquals("none", d.recommendation());
        assertTrue(d.why().startsWith("none has 20 % lower p99 latency than mq-deadline (95 % CI "), d.why());
    }

    @Test
    void leadersThatLieWithinAWiderMarginAreToldWhichMarginWouldDo() {
        // three equal leaders, 2 % noise: no 0.5 % equivalence, but every interval lies within a few percent
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 100, 100}, null, 0.02, 10, 0.005);
        assertNull(d.recommendation());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("; or, if a difference of (\\d+(\\.\\d)?) % does not matter to you,"
                + " run it again with a margin of \\1 %\\.$").matcher(d.why());
        assertTrue(m.find(), d.why());
        double suggested = Double.parseDouble(m.group(1)) / 100;
        assertEquals(suggested, d.widerMargin().orElseThrow(), 1e-12, "the window's button runs again at the margin the text names");
        WorkloadDecision again = decide(Metric.IOPS, new double[] {100, 100, 100}, null, 0.02, 10, suggested);
        assertTrue(again.pairs().stream().allMatch(p -> p.verdict() == Verdict.EQUIVALENT),
                "the same blocks at the suggested margin are equal: " + again.why());
    }

    @Test
    void nothingDecidedGivesNoRecommendationAndSaysWhatToDo() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 100, 100}, null, 0.3, 5);
        assertNull(d.recommendation());
        assertTrue(d.why().matches("Not decided after 5 blocks: [a-z-]+, [a-z-]+ and [a-z-]+ are not told apart yet"
                + " \\(differences under \\d+(\\.\\d)? % cannot be resolved so far\\); .*"), d.why());
        assertTrue(d.why().contains("give it a longer budget, fewer workloads or a quieter machine"), d.why());
        assertEquals(0, d.decided());
        assertEquals(3, d.toDecide());
        assertFalse(d.complete());
    }

    @Test
    void tooFewBlocksSaySo() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {200, 100}, null, 0.01, 2);
        assertNull(d.recommendation());
        assertEquals("Not decided: 2 complete blocks so far, at least 3 are needed;"
                + " give it a longer budget, fewer workloads or a quieter machine.", d.why());
    }

    @Test
    void leadersNotDecidedBetweenThemselvesAreNamed() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100, 101, 50}, null, 0.05, 10);
        assertNull(d.recommendation());
        assertTrue(d.why().contains(" lead and kyber is behind, but the leaders are not told apart yet (differences under "), d.why());
        // kyber's two pairs are decided; the leaders' pair is not.
        assertEquals(2, d.decided());
        assertEquals(3, d.toDecide());
    }

    @Test
    void aSingleSchedulerHasNothingToCompare() {
        WorkloadDecision d = decide(Metric.IOPS, new double[] {100}, null, 0.01, 5);
        assertNull(d.recommendation());
        assertEquals("Only none was measured: there is nothing to compare it with.", d.why());
        assertTrue(d.complete());
    }
}
