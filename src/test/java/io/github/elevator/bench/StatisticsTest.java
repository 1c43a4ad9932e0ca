package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatisticsTest {

    @Test
    void meanAndConfidenceIntervalOfKnownData() {
        // 10, 12, 14: mean 12, s = 2, t(2) = 4.303, half-width = 4.303 * 2 / sqrt(3) = 4.969
        Statistics.Summary s = Statistics.summarize(List.of(10.0, 12.0, 14.0));
        assertEquals(12.0, s.mean(), 1e-9);
        assertEquals(4.0, s.variance(), 1e-9);
        assertEquals(4.969, s.ci95(), 1e-3);
        assertEquals(3, s.n());
    }

    @Test
    void singleValueHasNoInterval() {
        Statistics.Summary s = Statistics.summarize(List.of(5.0));
        assertEquals(5.0, s.mean());
        assertEquals(0.0, s.ci95());
    }

    @Test
    void largeSamplesUseTheNormalQuantile() {
        assertEquals(1.96, Statistics.tQuantile(100));
        assertEquals(12.706, Statistics.tQuantile(1));
        assertEquals(2.042, Statistics.tQuantile(30));
    }

    @Test
    void welchSeesAClearGapAndIgnoresNoise() {
        Statistics.Summary fast = Statistics.summarize(List.of(340.0, 342.0, 344.0));
        Statistics.Summary slow = Statistics.summarize(List.of(280.0, 281.0, 279.0));
        Statistics.Summary noisy = Statistics.summarize(List.of(250.0, 420.0, 330.0));
        assertTrue(Statistics.significantlyDifferent(fast, slow));
        assertFalse(Statistics.significantlyDifferent(fast, noisy));
        assertFalse(Statistics.significantlyDifferent(fast, Statistics.summarize(List.of(100.0))), "one value is no evidence");
    }

    private static Map<String, List<Double>> data(Object... pairs) {
        Map<String, List<Double>> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            @SuppressWarnings("unchecked") List<Double> v = (List<Double>) pairs[i + 1];
            m.put((String) pairs[i], v);
        }
        return m;
    }

    @Test
    void significantLeadIsSaidWithItsSize() {
        Ranking r = Ranking.of("rand-read-qd32", Metric.IOPS, data(
                "mq-deadline", List.of(280.0, 281.0, 279.0),
                "none", List.of(340.0, 341.0, 339.0),
                "bfq", List.of(150.0, 160.0, 140.0)));
        assertEquals(List.of("none", "mq-deadline", "bfq"), r.order());
        assertTrue(r.significant());
        assertEquals("none is 21 % faster than mq-deadline (significant)", r.verdict());
        assertEquals("none", r.winner());
    }

    @Test
    void noiseIsCalledNoise() {
        Ranking r = Ranking.of("rand-read", Metric.IOPS, data(
                "none", List.of(31.0, 45.0, 38.0),
                "mq-deadline", List.of(40.0, 33.0, 36.0),
                "kyber", List.of(35.0, 42.0, 30.0)));
        assertFalse(r.significant());
        // ranked by mean: none 38.0, mq-deadline 36.33, kyber 35.67
        assertEquals("no significant difference between none, mq-deadline and kyber", r.verdict());
    }

    @Test
    void tiedLeadersAndAClearLoser() {
        Ranking r = Ranking.of("rand-read", Metric.IOPS, data(
                "none", List.of(100.0, 101.0, 99.0),
                "kyber", List.of(100.5, 100.0, 99.5),
                "bfq", List.of(50.0, 51.0, 49.0)));
        assertFalse(r.significant());
        assertEquals("no significant difference between none and kyber; bfq is behind", r.verdict());
    }

    @Test
    void lowerIsBetterForLatency() {
        Ranking r = Ranking.of("read-under-write", Metric.LAT_P99, data(
                "bfq", List.of(800.0, 810.0, 790.0),
                "none", List.of(1000.0, 1010.0, 990.0)));
        assertEquals(List.of("bfq", "none"), r.order());
        assertEquals("bfq has 20 % lower p99 latency than none (significant)", r.verdict());
    }

    @Test
    void oneSchedulerCannotBeRanked() {
        Ranking r = Ranking.of("seq-read", Metric.IOPS, data("none", List.of(1.0, 2.0)));
        assertFalse(r.significant());
        assertEquals("only none was measured: run \"Benchmark all schedulers\" to compare", r.verdict());
    }

    @Test
    void planInterleavesAndReverses() {
        SweepPlan plan = new SweepPlan(List.of("A", "B", "C", "D"), List.of(Workload.RAND_READ), 3, 1, 0.25);
        assertEquals(List.of("A", "B", "C", "D", "D", "C", "B", "A", "A", "B", "C", "D"),
                plan.steps().stream().map(SweepPlan.Step::scheduler).toList());
        assertEquals(15.0, plan.estimatedSeconds(), 1e-9);
    }

    @Test
    void reportHasMeansIntervalsRankingAndSignificance() {
        List<RunResult> runs = List.of(
                run("none", 1, 340), run("mq-deadline", 1, 280), run("mq-deadline", 2, 281), run("none", 2, 342),
                run("none", 3, 341), run("mq-deadline", 3, 279));
        BenchmarkReport report = BenchmarkReport.of("loop3", "none", "2026-11-30T00:00:00Z", Map.of("rand-read-qd32", "io_uring"), runs);
        assertEquals(List.of("none", "mq-deadline"), report.ranking().get("rand-read-qd32"));
        assertTrue(report.significant().get("rand-read-qd32"));
        BenchmarkReport.SchedulerResult none = report.results().stream().filter(r -> r.scheduler().equals("none")).findFirst().orElseThrow();
        assertEquals(3, none.runs());
        assertEquals(341.0, none.mean().get("iops"), 1e-9);
        assertEquals(2.484, none.ci95().get("iops"), 1e-3);
        assertEquals("none", report.overallWinner());
        assertTrue(report.toCsv().startsWith("device,workload,scheduler,repeat,"));
        assertEquals(7, report.toCsv().split("\n").length);
    }

    private static RunResult run(String scheduler, int repeat, double iops) {
        return new RunResult(scheduler, "rand-read-qd32", repeat, 1.0, iops, iops * 4 / 1024, 90, 200, 40, 0, "io_uring");
    }
}
