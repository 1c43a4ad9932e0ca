package io.github.elevator.bench;

import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a benchmark found: per workload and scheduler the mean and 95 % interval of every
 * metric, the ranking best first, whether the lead is significant, and the verdict in words.
 * Per workload, the decision of the paired design. The shape of {@code elevator bench --json}
 * and of the saved history.
 */
public record BenchmarkReport(
        String device,
        String originalScheduler,
        String finishedAt,
        Map<String, String> engines,
        List<SchedulerResult> results,
        Map<String, List<String>> ranking,
        Map<String, Boolean> significant,
        Map<String, String> verdict,
        List<RunResult> runs,
        Map<String, WorkloadDecision> decisions,
        int blocks,
        double budgetSeconds,
        Map<String, String> skipped) {

    /** One scheduler under one workload over its repeats. */
    public record SchedulerResult(String scheduler, String workload, int runs, Map<String, Double> mean, Map<String, Double> ci95) {
    }

    public static BenchmarkReport of(String device, String originalScheduler, String finishedAt,
                                     Map<String, String> engines, List<RunResult> runs) {
        Map<String, Map<String, List<RunResult>>> byWorkload = new LinkedHashMap<>();
        for (RunResult r : runs) {
            byWorkload.computeIfAbsent(r.workload(), w -> new LinkedHashMap<>())
                    .computeIfAbsent(r.scheduler(), s -> new ArrayList<>()).add(r);
        }
        List<SchedulerResult> results = new ArrayList<>();
        Map<String, List<String>> ranking = new LinkedHashMap<>();
        Map<String, Boolean> significant = new LinkedHashMap<>();
        Map<String, String> verdict = new LinkedHashMap<>();
        byWorkload.forEach((workload, bySched) -> {
            Map<String, List<Double>> ranked = new LinkedHashMap<>();
            Metric metric = Workload.byId(workload).map(Workload::rankedBy).orElse(Metric.IOPS);
            bySched.forEach((scheduler, list) -> {
                Map<String, Double> mean = new LinkedHashMap<>();
                Map<String, Double> ci = new LinkedHashMap<>();
                for (Metric m : Metric.values()) {
                    Statistics.Summary s = Statistics.summarize(list.stream().map(m::of).toList());
                    mean.put(m.key(), s.mean());
                    ci.put(m.key(), s.ci95());
                }
                results.add(new SchedulerResult(scheduler, workload, list.size(), mean, ci));
                ranked.put(scheduler, list.stream().map(metric::of).toList());
            });
            Ranking r = Ranking.of(workload, metric, ranked);
            ranking.put(workload, r.order());
            significant.put(workload, r.significant());
            verdict.put(workload, r.verdict());
        });
        // stand-in: the blocked design fills decisions, blocks, budget and skipped workloads
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, verdict, runs,
                Map.of(), 0, 0, Map.of());
    }

    /** The scheduler that won most workloads significantly, or null when none did. */
    public String overallWinner() {
        Map<String, Integer> wins = new LinkedHashMap<>();
        ranking.forEach((w, order) -> {
            if (Boolean.TRUE.equals(significant.get(w)) && !order.isEmpty()) wins.merge(order.get(0), 1, Integer::sum);
        });
        return wins.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /** One line per run, for spreadsheets. */
    public String toCsv() {
        StringBuilder b = new StringBuilder("device,workload,scheduler,repeat,seconds,iops,mibps,latP50us,latP99us,sysPct,iowaitPct,engine\n");
        for (RunResult r : runs) {
            b.append(String.join(",", device, r.workload(), r.scheduler(), Integer.toString(r.repeat()),
                    num(r.seconds()), num(r.iops()), num(r.mibps()), num(r.latP50us()), num(r.latP99us()),
                    num(r.sysPct()), num(r.iowaitPct()), r.engine())).append('\n');
        }
        return b.toString();
    }

    private static String num(double d) {
        return String.format(java.util.Locale.ROOT, "%.3f", d);
    }
}
