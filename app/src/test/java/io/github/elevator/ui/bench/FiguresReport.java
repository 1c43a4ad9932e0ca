package io.github.elevator.ui.bench;

import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A sweep's report whose figures need both marks: thousands (1,563 MiB/s, 44,104 IOPS, p99 22,413 µs)
 * and decimals (12.3 %system, 3.25 µs CPU per I/O, a difference of 5.3 %, equal within 2.5 %),
 * checked with fio, on a busy machine; and a noise check with a floor of 3.4 %. Seeded, so the same
 * in every JVM.
 */
final class FiguresReport {
    static final String DEVICE = "sdb";
    private static final List<String> SCHEDULERS = List.of("none", "mq-deadline", "kyber");
    private static final double[] FACTOR = {1, 0.84, 0.947};
    /** rand-read-qd32's: too close to tell apart, so its schedulers are found equal within the margin. */
    private static final double[] EQUAL = {1, 0.999, 1.001};
    private static final Preference PREFERENCE = new Preference("mq-deadline", "none");

    private FiguresReport() {
    }

    static BenchmarkReport sweep() {
        List<RunResult> runs = runs();
        Map<String, WorkloadDecision> decisions = new LinkedHashMap<>();
        for (String workload : List.of("seq-read", "rand-read", "rand-read-qd32")) decisions.put(workload, decide(workload, runs, 0.025));
        return BenchmarkReport.of(ReportMode.SWEEP, DEVICE, "mq-deadline", "2026-12-03T12:00:00Z", Map.of("seq-read", "io_uring",
                        "rand-read", "psync"), runs, decisions, orders(), 1234.5, Map.of(), PREFERENCE, new OtherLoad(1.46, 4, 1234.5),
                (workload, scheduler) -> fio(workload, scheduler, runs));
    }

    /** The same runs of rand-read, judged as a noise check would judge identical slots. */
    static BenchmarkReport noiseCheck() {
        List<RunResult> runs = runs().stream().filter(r -> r.workload().equals("rand-read")).toList();
        WorkloadDecision d = decide("rand-read", runs, 0.025);
        WorkloadDecision noise = new WorkloadDecision(d.workload(), d.metric(), d.choice(), d.reason(), d.margin(), d.figures(), d.pairs(),
                d.decided(), d.toDecide(), 0.034, d.blocks());
        return BenchmarkReport.of(ReportMode.NOISE_CHECK, DEVICE, "mq-deadline", "2026-12-03T12:00:00Z", Map.of(), runs,
                Map.of("rand-read", noise), orders(), 60, Map.of(), PREFERENCE, null);
    }

    private static List<RunResult> runs() {
        Random random = new Random(31);
        List<RunResult> runs = new ArrayList<>();
        for (int b = 0; b < 8; b++) {
            for (int i = 0; i < SCHEDULERS.size(); i++) {
                double seq = 1563.4 * FACTOR[i] * (1 + 0.004 * random.nextGaussian());
                double rand = 44104.5 * FACTOR[i] * (1 + 0.004 * random.nextGaussian());
                double cpu = 3.25 * (1 + 0.01 * random.nextGaussian());
                runs.add(new RunResult(SCHEDULERS.get(i), "seq-read", b, 1.5, seq, seq, 1204.7, 2413.6, 12.34, 1.2, cpu, "io_uring"));
                runs.add(new RunResult(SCHEDULERS.get(i), "rand-read", b, 1.5, rand, rand / 256, 8847.3, 22413.6, 12.34, 1.2, cpu, "psync"));
                double deep = 251234.5 * EQUAL[i] * (1 + 0.002 * random.nextGaussian());
                runs.add(new RunResult(SCHEDULERS.get(i), "rand-read-qd32", b, 1.5, deep, deep / 256, 98.7, 1234.5, 31.25, 0.5, 1.25, "io_uring"));
            }
        }
        return runs;
    }

    private static WorkloadDecision decide(String workload, List<RunResult> runs, double margin) {
        List<Map<String, Observation>> blocks = new ArrayList<>();
        for (int b = 0; b < 8; b++) {
            Map<String, Observation> block = new LinkedHashMap<>();
            for (RunResult r : runs) {
                if (r.workload().equals(workload) && r.repeat() == b) {
                    block.put(r.scheduler(), new Observation(r.scheduler(), Workload.byId(workload).orElseThrow().rankedBy().of(r), r.cpuUsPerIo()));
                }
            }
            blocks.add(block);
        }
        return PairedAnalysis.decide(workload, Workload.byId(workload).orElseThrow().rankedBy(), blocks, margin, true, null, PREFERENCE);
    }

    private static List<List<String>> orders() {
        List<List<String>> orders = new ArrayList<>();
        for (int b = 0; b < 8; b++) orders.add(SCHEDULERS);
        return orders;
    }

    private static FioComparison fio(String workload, String scheduler, List<RunResult> runs) {
        RunResult first = runs.stream().filter(r -> r.workload().equals(workload) && r.scheduler().equals(scheduler)).findFirst().orElseThrow();
        List<FioComparison.Figures> turns = new ArrayList<>();
        for (double f : new double[] {1.19, 1.12, 1.23}) turns.add(new FioComparison.Figures(first.iops() * f, first.mibps() * f, 26512.4));
        return FioComparison.ofPairs("fio --name=" + workload, turns, List.of(first, first, first));
    }
}
