package io.github.elevator.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.WorkloadDecision;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void quantilesComeFromStudentsT() {
        assertEquals(12.706, Statistics.tQuantile(1), 1e-3);
        assertEquals(2.042, Statistics.tQuantile(30), 1e-3);
        assertEquals(1.984, Statistics.tQuantile(100), 1e-3);
    }

    @Test
    void reportRanksByTheDecisionAndKeepsMeansAndIntervals() {
        List<RunResult> runs = new ArrayList<>();
        List<Map<String, Observation>> blocks = new ArrayList<>();
        double[][] iops = {{340, 280}, {342, 281}, {341, 279}, {339, 282}, {343, 280}};
        for (int b = 0; b < iops.length; b++) {
            runs.add(run("mq-deadline", b + 1, iops[b][1]));
            runs.add(run("none", b + 1, iops[b][0]));
            Map<String, Observation> block = new LinkedHashMap<>();
            block.put("mq-deadline", new Observation("mq-deadline", iops[b][1], 5));
            block.put("none", new Observation("none", iops[b][0], 5));
            blocks.add(block);
        }
        WorkloadDecision d = PairedAnalysis.decide("rand-read-qd32", Metric.IOPS, blocks, 0.03);
        BenchmarkReport report = BenchmarkReport.of(ReportMode.SWEEP, "loop3", "none", "2026-11-30T00:00:00Z", Map.of("rand-read-qd32", "io_uring"),
                runs, Map.of("rand-read-qd32", d), java.util.Collections.nCopies(5, List.of("mq-deadline", "none")), 60, Map.of("small-files", "no filesystem of loop3 is mounted"),
                Preference.NONE, null);
        assertEquals("none", d.recommendation());
        assertEquals(List.of("none", "mq-deadline"), report.ranking().get("rand-read-qd32"));
        assertTrue(report.significant().get("rand-read-qd32"));
        assertEquals(DecisionWords.why(d), ReportWords.verdict(report, "rand-read-qd32"));
        BenchmarkReport.SchedulerResult none = report.results().stream().filter(r -> r.scheduler().equals("none")).findFirst().orElseThrow();
        assertEquals(5, none.runs());
        assertEquals(341.0, none.mean().get("iops"), 1e-9);
        assertEquals("none", report.overallWinner());
        assertEquals(5, report.blocks());
        assertTrue(report.toCsv().startsWith("device,workload,scheduler,block,"));
        assertEquals(11, report.toCsv().split("\n").length);
    }

    private static RunResult run(String scheduler, int block, double iops) {
        return new RunResult(scheduler, "rand-read-qd32", block, 1.0, iops, iops * 4 / 1024, 90, 200, 40, 0, 5, "io_uring");
    }
}
