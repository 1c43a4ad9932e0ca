package io.github.elevator.app;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.SampleSpread;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.Statistics;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A quick tile's change against the previous run is said only beyond the noise of the two runs' samples. */
class QuickChangeTest {
    /** A quick report of one rand-read run at {@code iops}, whose 20 samples scatter by {@code sigma} (lognormal) around it. */
    private static BenchmarkReport quick(String at, double iops, double sigma, long seed) {
        Random random = new Random(seed);
        double[] scatter = new double[20];
        for (int i = 0; i < scatter.length; i++) scatter[i] = Math.exp(sigma * random.nextGaussian());
        double mean = java.util.Arrays.stream(scatter).average().orElseThrow();
        List<Sample> samples = new ArrayList<>();
        for (double x : scatter) samples.add(new Sample("none", "rand-read", 1, 0.25, iops * x / mean, iops / 256, 60, 200, 30, 0, 0, 1));
        Statistics.Summary spread = SampleSpread.of(samples, Metric.IOPS);
        RunResult run = new RunResult("none", "rand-read", 1, 5, spread.mean(), spread.mean() / 256, 60, 200, 30, 0, 20, "psync");
        return BenchmarkReport.of(ReportMode.QUICK, "loop0", "none", at, Map.of(), List.of(run), Map.of(), List.of(), 17, Map.of(),
                Preference.NONE, null).withSpreads(Map.of("rand-read", spread));
    }

    private static String change(BenchmarkReport now, BenchmarkReport before) {
        return QuickFigures.of(now, before).get(0).changeText(BenchmarkReport::finishedAt);
    }

    @Test
    void aChangeWithinTheSamplesNoiseIsAboutTheSameBeyondItIsSaid() {
        BenchmarkReport before = quick("then", 15_000, 0.6, 1);
        // 20 % more, but the samples scatter by 60 %: the two runs cannot tell it from noise
        assertEquals("about as on then", change(quick("now", 18_000, 0.6, 2), before));
        // the same 20 % from runs whose samples scatter by 2 %
        assertEquals("20 % faster than on then", change(quick("now", 18_000, 0.02, 3), quick("then", 15_000, 0.02, 4)));
        assertEquals("31 % slower than on then", change(quick("now", 10_350, 0.02, 5), quick("then", 15_000, 0.02, 6)));
    }

    @Test
    void theSamplesIntervalIsKeptInTheReportAndReadBackAsThePreviousRunsNoise() {
        BenchmarkReport noisy = quick("then", 15_000, 0.6, 7);
        double ci = noisy.results().get(0).ci95().get("iops");
        assertEquals(true, ci > 0.1 * 15_000, "the 95 % interval of 20 samples scattering by 60 %: " + ci);
        // a previous report without an interval (before they were kept) leaves the current run's own noise to judge by
        BenchmarkReport old = BenchmarkReport.of(ReportMode.QUICK, "loop0", "none", "then", Map.of(),
                List.of(new RunResult("none", "rand-read", 1, 5, 15_000, 58.6, 60, 200, 30, 0, 20, "psync")), Map.of(), List.of(), 17,
                Map.of(), Preference.NONE, null);
        assertEquals("about as on then", change(quick("now", 18_000, 0.6, 8), old));
        assertEquals("20 % faster than on then", change(quick("now", 18_000, 0.02, 9), old));
    }
}
