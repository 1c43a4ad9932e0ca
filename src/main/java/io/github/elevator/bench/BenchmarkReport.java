package io.github.elevator.bench;

import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a benchmark found: per workload and scheduler the mean and 95 % interval of every metric,
 * the ranking best first, and the decision of the paired comparison (each pair faster, equivalent
 * or undecided, the recommendation and why); how many blocks ran, in which order of schedulers each,
 * within which budget, and the
 * workloads skipped with their reason. The shape of {@code elevator bench --json} and of the history.
 * {@code significant} and {@code verdict} are kept for readers of the first format: a
 * recommendation was made, and the decision's why.
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
        List<List<String>> orders,
        double budgetSeconds,
        Map<String, String> skipped) {

    /** One scheduler under one workload over its repeats. */
    public record SchedulerResult(String scheduler, String workload, int runs, Map<String, Double> mean, Map<String, Double> ci95) {
    }

    public static BenchmarkReport of(String device, String originalScheduler, String finishedAt, Map<String, String> engines,
                                     List<RunResult> runs, Map<String, WorkloadDecision> decisions, List<List<String>> orders,
                                     double budgetSeconds, Map<String, String> skipped) {
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
            Metric metric = Workload.byId(workload).map(Workload::rankedBy).orElse(Metric.IOPS);
            Map<String, Double> ranked = new LinkedHashMap<>();
            bySched.forEach((scheduler, list) -> {
                Map<String, Double> mean = new LinkedHashMap<>();
                Map<String, Double> ci = new LinkedHashMap<>();
                for (Metric m : Metric.values()) {
                    if (!m.general() && m != metric) continue;
                    Statistics.Summary s = Statistics.summarize(list.stream().map(m::of).toList());
                    mean.put(m.key(), s.mean());
                    ci.put(m.key(), s.ci95());
                }
                results.add(new SchedulerResult(scheduler, workload, list.size(), mean, ci));
                ranked.put(scheduler, mean.get(metric.key()));
            });
            Comparator<String> best = Comparator.comparingDouble(ranked::get);
            List<String> order = new ArrayList<>(ranked.keySet());
            order.sort(metric.higherIsBetter() ? best.reversed() : best);
            WorkloadDecision d = decisions.get(workload);
            String winner = d == null ? null : d.recommendation();
            if (winner != null) {
                order.remove(winner);
                order.add(0, winner);
            }
            ranking.put(workload, order);
            significant.put(workload, winner != null);
            verdict.put(workload, d == null ? "only " + String.join(", ", order) + " was measured" : d.why());
        });
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, verdict, runs,
                new LinkedHashMap<>(decisions), orders.size(), List.copyOf(orders), budgetSeconds, new LinkedHashMap<>(skipped));
    }

    /**
     * The report as read back from JSON, whose decisions are keyed by workload and so carry neither
     * their workload nor its metric: both put back from the key.
     */
    public BenchmarkReport withDecisionsKeyed() {
        if (decisions == null) return this;
        Map<String, WorkloadDecision> keyed = new LinkedHashMap<>();
        decisions.forEach((w, d) -> keyed.put(w, new WorkloadDecision(w, Workload.byId(w).map(Workload::rankedBy).orElse(Metric.IOPS),
                d.recommendation(), d.why(), d.margin(), d.pairs(), d.decided(), d.toDecide(), d.noiseFloor(), d.blocks())));
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, verdict, runs,
                keyed, blocks, orders == null ? List.of() : orders, budgetSeconds, skipped == null ? Map.of() : skipped);
    }

    /** The scheduler recommended for the most workloads, or null when none was recommended. */
    public String overallWinner() {
        Map<String, Integer> wins = new LinkedHashMap<>();
        decisions.values().forEach(d -> {
            if (d.recommendation() != null) wins.merge(d.recommendation(), 1, Integer::sum);
        });
        return wins.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /** One line per run, for spreadsheets. */
    public String toCsv() {
        StringBuilder b = new StringBuilder("device,workload,scheduler,block,seconds,iops,mibps,latP50us,latP99us,sysPct,iowaitPct,cpuUsPerIo,engine\n");
        for (RunResult r : runs) {
            b.append(String.join(",", device, r.workload(), r.scheduler(), Integer.toString(r.repeat()),
                    num(r.seconds()), num(r.iops()), num(r.mibps()), num(r.latP50us()), num(r.latP99us()),
                    num(r.sysPct()), num(r.iowaitPct()), num(r.cpuUsPerIo()), r.engine())).append('\n');
        }
        return b.toString();
    }

    private static String num(double d) {
        return String.format(java.util.Locale.ROOT, "%.3f", d);
    }
}
