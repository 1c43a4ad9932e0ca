package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.wording.ReportWords;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One sweep's report made from seeded figures, the same in every JVM: seq-read led by none alone,
 * rand-read with none and kyber not told apart (kyber, in use, picked), none leading everywhere. Run as a program (in another language) it saves the
 * report into the history folder given and prints its verdict in that language.
 */
final class SampleReport {
    private static final Preference PREFERENCE = new Preference("mq-deadline", "kyber");

    private SampleReport() {
    }

    static BenchmarkReport make() {
        Random random = new Random(32);
        Map<String, double[]> rates = Map.of("seq-read", new double[] {300, 240, 230}, "rand-read", new double[] {5000, 4000, 5000});
        Map<String, WorkloadDecision> decisions = new LinkedHashMap<>();
        List<RunResult> runs = new ArrayList<>();
        List<List<String>> orders = new ArrayList<>();
        for (String workload : List.of("seq-read", "rand-read")) {
            List<Map<String, Observation>> blocks = new ArrayList<>();
            for (int b = 0; b < 8; b++) {
                Map<String, Observation> block = new LinkedHashMap<>();
                for (int i = 0; i < 3; i++) {
                    String s = List.of("none", "mq-deadline", "kyber").get(i);
                    double value = rates.get(workload)[i] * (1 + 0.01 * random.nextGaussian());
                    double cpu = 10 * (1 + 0.01 * random.nextGaussian());
                    block.put(s, new Observation(s, value, cpu));
                    runs.add(new RunResult(s, workload, b, 1.0, value, value / 256, 50, 90, 10, 1, cpu, "psync"));
                }
                blocks.add(block);
                if (workload.equals("seq-read")) orders.add(List.of("none", "mq-deadline", "kyber"));
            }
            decisions.put(workload, PairedAnalysis.decide(workload, Workload.byId(workload).orElseThrow().rankedBy(), blocks, 0.03, true, null, PREFERENCE));
        }
        Map<String, String> engines = new LinkedHashMap<>();
        engines.put("seq-read", "io_uring");
        engines.put("rand-read", "psync");
        return BenchmarkReport.of(ReportMode.SWEEP, "loop3", "kyber", "2026-12-03T12:00:00Z", engines, runs, decisions, orders, 120, Map.of(),
                PREFERENCE, null);
    }

    /** Saves the report in the history folder {@code args[0]} and prints its verdict for the whole device. */
    public static void main(String[] args) throws Exception {
        BenchmarkReport report = make();
        new BenchmarkHistory(Path.of(args[0])).save(report);
        System.out.println(ReportWords.overall(report));
    }
}
