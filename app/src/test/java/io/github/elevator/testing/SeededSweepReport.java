package io.github.elevator.testing;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** A sweep's report of rand-read on loop3 from seeded figures, the same in every JVM: eight blocks, 1 % noise. */
public final class SeededSweepReport {
    private static final Preference PREFERENCE = new Preference("mq-deadline", "mq-deadline");

    private SeededSweepReport() {
    }

    /** Finished at {@code finishedAt} (ISO-8601), figures around {@code rates}: scheduler, IOPS, scheduler, IOPS, ... */
    public static BenchmarkReport of(String finishedAt, long seed, Object... rates) {
        Random random = new Random(seed);
        List<Map<String, Observation>> blocks = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        List<List<String>> orders = new ArrayList<>();
        List<String> schedulers = new ArrayList<>();
        for (int i = 0; i < rates.length; i += 2) schedulers.add((String) rates[i]);
        for (int b = 0; b < 8; b++) {
            Map<String, Observation> block = new LinkedHashMap<>();
            for (int i = 0; i < rates.length; i += 2) {
                String s = (String) rates[i];
                double value = ((Number) rates[i + 1]).doubleValue() * (1 + 0.01 * random.nextGaussian());
                block.put(s, new Observation(s, value, 10));
                runs.add(new RunResult(s, "rand-read", b, 1.0, value, value / 256, 50, 90, 10, 1, 10, "psync"));
            }
            blocks.add(block);
            orders.add(schedulers);
        }
        var decision = PairedAnalysis.decide("rand-read", Workload.RAND_READ.rankedBy(), blocks, 0.03, true, null, PREFERENCE);
        return BenchmarkReport.of(ReportMode.SWEEP, "loop3", "mq-deadline", finishedAt, Map.of("rand-read", "psync"), runs,
                Map.of("rand-read", decision), orders, 60, Map.of(), PREFERENCE, null);
    }

    /** The figure {@code r}'s rand-read decision gives {@code scheduler}. */
    public static double figure(BenchmarkReport r, String scheduler) {
        return r.decisions().get("rand-read").figures().stream().filter(f -> f.scheduler().equals(scheduler)).mapToDouble(Figure::value)
                .findFirst().orElseThrow();
    }
}
