package io.github.elevator.bench.report;

import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.OutsideSwitch;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Statistics;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.Overall;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a benchmark found, computed once here and shown unchanged by the window, the command line,
 * the history and the export: per workload the decision of the paired comparison (the ranking by
 * the geometric mean over complete blocks, every pair's verdict, the leaders, what the data rule
 * out between them, the recommendation and its case), the recommendation for the whole device, how busy
 * the machine was with other programs, per workload and scheduler the mean and 95 % interval of
 * every metric over its runs (supporting figures, never a ranking of their own), how many blocks
 * ran, in which order of schedulers each, within which budget, and the workloads skipped with their
 * reason; what kind of benchmark it is ({@code mode}) and the version of its shape ({@code schema}).
 * The shape of {@code elevator bench --json} and of the history: numbers and names only, its words
 * made where it is shown ({@code bench.wording}), so a report reads in the language of the one who
 * reads it. {@code ranking} and {@code significant} repeat the decisions' ranking and whether they
 * recommend, for readers of the first format (whose {@code verdict}, a sentence, is no longer
 * written nor read).
 */
public record BenchmarkReport(
        String device,
        String originalScheduler,
        String finishedAt,
        Map<String, String> engines,
        List<SchedulerResult> results,
        Map<String, List<String>> ranking,
        Map<String, Boolean> significant,
        List<RunResult> runs,
        Map<String, WorkloadDecision> decisions,
        int blocks,
        List<List<String>> orders,
        double budgetSeconds,
        Map<String, String> skipped,
        Overall overall,
        OtherLoad otherLoad,
        ReportMode mode,
        int schema,
        List<OutsideSwitch> outsideSwitches,
        Double secondsToResolve,
        QuietEstimate quiet,
        Boolean writesTooFew,
        List<String> shortOfWrites) {

    /**
     * The shape's version: 2 says its mode; 3 holds no sentence (a decision's case and the whole
     * device's as names). A file without a schema is read as before (its mode from its contents), one
     * before 3 gets its cases from its numbers.
     */
    public static final int SCHEMA = 3;

    /** Slots another program spoiled by switching the device; none in a report written before they were kept. */
    @Override
    public List<OutsideSwitch> outsideSwitches() {
        return outsideSwitches == null ? List.of() : outsideSwitches;
    }

    /** The same report, with the slots another program spoiled. */
    public BenchmarkReport withOutsideSwitches(List<OutsideSwitch> spoiled) {
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs, decisions, blocks,
                orders, budgetSeconds, skipped, overall, otherLoad, mode, schema, List.copyOf(spoiled), secondsToResolve, quiet, writesTooFew, shortOfWrites);
    }

    /**
     * The same report, with about how long more blocks would take to resolve the answers not yet
     * measured, at this machine's pace and load during the sweep (null: none to resolve, or not known).
     */
    public BenchmarkReport withSecondsToResolve(Double seconds) {
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs, decisions, blocks,
                orders, budgetSeconds, skipped, overall, otherLoad, mode, schema, outsideSwitches, seconds, quiet, writesTooFew, shortOfWrites);
    }

    /**
     * The same report, naming the workloads measured under a writer that would need more blocks to be
     * resolved than the writes one continuation may make let run ({@code Sweep.shortOfWrites}): its
     * time counts only those.
     */
    public BenchmarkReport withShortOfWrites(List<String> workloads) {
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs, decisions, blocks,
                orders, budgetSeconds, skipped, overall, otherLoad, mode, schema, outsideSwitches, secondsToResolve, quiet, null,
                workloads.isEmpty() ? null : List.copyOf(workloads));
    }

    /**
     * The workloads that cannot be resolved within one continuation's writes; none in a report from
     * before it was said, and read-under-write in one from when only it could be ({@code writesTooFew}).
     */
    @Override
    public List<String> shortOfWrites() {
        if (shortOfWrites != null) return shortOfWrites;
        return Boolean.TRUE.equals(writesTooFew) ? List.of(Workload.READ_UNDER_WRITE.id()) : List.of();
    }

    /** The same report, with how long its not-measured answers would take on a quiet machine (null: not known). */
    public BenchmarkReport withQuiet(QuietEstimate estimate) {
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs, decisions, blocks,
                orders, budgetSeconds, skipped, overall, otherLoad, mode, schema, outsideSwitches, secondsToResolve, estimate, writesTooFew, shortOfWrites);
    }

    /**
     * The same report, where each workload ran once, with the 95 % interval of its ranked figure from
     * the run's live samples ({@code spreads}, by workload) in place of one run's none.
     */
    public BenchmarkReport withSpreads(Map<String, Statistics.Summary> spreads) {
        List<SchedulerResult> spread = new ArrayList<>();
        for (SchedulerResult r : results) {
            Statistics.Summary s = spreads.get(r.workload());
            if (s == null || r.runs() != 1 || Double.isNaN(s.ci95())) {
                spread.add(r);
                continue;
            }
            Map<String, Double> ci = new LinkedHashMap<>(r.ci95());
            ci.put(metricOf(r.workload()).key(), s.ci95());
            spread.add(new SchedulerResult(r.scheduler(), r.workload(), r.runs(), r.mean(), ci, r.fio()));
        }
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, spread, ranking, significant, runs, decisions, blocks,
                orders, budgetSeconds, skipped, overall, otherLoad, mode, schema, outsideSwitches, secondsToResolve, quiet, writesTooFew, shortOfWrites);
    }

    /**
     * One scheduler under one workload over its repeats; {@code fio} is the fio command of a raw read
     * workload (and fio's figures beside Elevator's when it was checked), null for the others.
     */
    public record SchedulerResult(String scheduler, String workload, int runs, Map<String, Double> mean, Map<String, Double> ci95,
                                  FioComparison fio) {
    }

    public static BenchmarkReport of(ReportMode mode, String device, String originalScheduler, String finishedAt, Map<String, String> engines,
                                     List<RunResult> runs, Map<String, WorkloadDecision> decisions, List<List<String>> orders,
                                     double budgetSeconds, Map<String, String> skipped, Preference preference, OtherLoad otherLoad) {
        return of(mode, device, originalScheduler, finishedAt, engines, runs, decisions, orders, budgetSeconds, skipped, preference, otherLoad,
                (workload, scheduler) -> null);
    }

    /** The same, with {@code fio} giving each workload and scheduler its fio command and check (or null). */
    public static BenchmarkReport of(ReportMode mode, String device, String originalScheduler, String finishedAt, Map<String, String> engines,
                                     List<RunResult> runs, Map<String, WorkloadDecision> decisions, List<List<String>> orders,
                                     double budgetSeconds, Map<String, String> skipped, Preference preference, OtherLoad otherLoad,
                                     java.util.function.BiFunction<String, String, FioComparison> fio) {
        Map<String, Map<String, List<RunResult>>> byWorkload = byWorkload(runs);
        List<SchedulerResult> results = new ArrayList<>();
        Map<String, List<String>> ranking = new LinkedHashMap<>();
        Map<String, Boolean> significant = new LinkedHashMap<>();
        byWorkload.forEach((workload, bySched) -> {
            Metric metric = metricOf(workload);
            bySched.forEach((scheduler, list) -> {
                Map<String, Double> mean = new LinkedHashMap<>();
                Map<String, Double> ci = new LinkedHashMap<>();
                for (Metric m : Metric.values()) {
                    if (!m.general() && m != metric) continue;
                    Statistics.Summary s = Statistics.summarize(list.stream().map(m::of).toList());
                    mean.put(m.key(), s.mean());
                    ci.put(m.key(), s.ci95());
                }
                results.add(new SchedulerResult(scheduler, workload, list.size(), mean, ci, fio.apply(workload, scheduler)));
            });
            WorkloadDecision d = decisions.get(workload);
            ranking.put(workload, d == null ? new ArrayList<>(bySched.keySet()) : d.ranking());
            significant.put(workload, d != null && d.recommendation() != null);
        });
        Overall overall = Overall.of(decisions, preference, (int) Math.round(budgetSeconds));
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs,
                new LinkedHashMap<>(decisions), orders.size(), List.copyOf(orders), budgetSeconds, new LinkedHashMap<>(skipped),
                overall, otherLoad, mode, SCHEMA, List.of(), null, null, null, null);
    }

    private static Map<String, Map<String, List<RunResult>>> byWorkload(List<RunResult> runs) {
        Map<String, Map<String, List<RunResult>>> byWorkload = new LinkedHashMap<>();
        for (RunResult r : runs) {
            byWorkload.computeIfAbsent(r.workload(), w -> new LinkedHashMap<>())
                    .computeIfAbsent(r.scheduler(), s -> new ArrayList<>()).add(r);
        }
        return byWorkload;
    }

    private static Metric metricOf(String workload) {
        return Workload.byId(workload).map(Workload::rankedBy).orElse(Metric.IOPS);
    }

    /**
     * The report as read back from JSON, whose decisions are keyed by workload and so carry neither
     * their workload nor its metric: both put back from the key. A report from before decisions
     * held their figures gets them from its runs (the geometric mean of each scheduler's runs, in
     * the order of its ranking), and one from before the whole-device recommendation said its case
     * gets it from its decisions; one from before reports said their mode gets it from what it holds.
     */
    public BenchmarkReport withDecisionsKeyed() {
        if (decisions == null) {
            return mode != null ? this : new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant,
                    runs, null, blocks, orders, budgetSeconds, skipped, overall, otherLoad, modeOf(Map.of()), schema, outsideSwitches, secondsToResolve, quiet, writesTooFew, shortOfWrites);
        }
        Map<String, WorkloadDecision> keyed = new LinkedHashMap<>();
        Map<String, Map<String, List<RunResult>>> byWorkload = byWorkload(runs == null ? List.of() : runs);
        decisions.forEach((w, d) -> {
            WorkloadDecision k = d.as(w, metricOf(w));
            if (k.figures().isEmpty()) k = withFigures(k, byWorkload.getOrDefault(w, Map.of()), ranking == null ? null : ranking.get(w));
            keyed.put(w, k);
        });
        Overall all = (overall != null && overall.kind() != null ? overall
                : Overall.of(keyed, new Preference(null, originalScheduler), (int) Math.round(budgetSeconds))).withStrength(keyed);
        return new BenchmarkReport(device, originalScheduler, finishedAt, engines, results, ranking, significant, runs,
                keyed, blocks, orders == null ? List.of() : orders, budgetSeconds, skipped == null ? Map.of() : skipped, all, otherLoad,
                mode != null ? mode : modeOf(keyed), schema, outsideSwitches, secondsToResolve, quiet, writesTooFew, shortOfWrites);
    }

    /** The mode of a report written before reports said it: a noise check has noise floors, a quick benchmark one scheduler's runs and no blocks. */
    private ReportMode modeOf(Map<String, WorkloadDecision> keyed) {
        if (keyed.values().stream().anyMatch(d -> d.noiseFloor() != null)) return ReportMode.NOISE_CHECK;
        boolean oneScheduler = runs != null && !runs.isEmpty() && runs.stream().map(RunResult::scheduler).distinct().count() == 1;
        return blocks == 0 && keyed.isEmpty() && oneScheduler ? ReportMode.QUICK : ReportMode.SWEEP;
    }

    private static WorkloadDecision withFigures(WorkloadDecision d, Map<String, List<RunResult>> bySched, List<String> order) {
        List<String> schedulers = order != null ? order : new ArrayList<>(bySched.keySet());
        java.util.Set<String> behind = d.behind();
        List<Figure> figures = new ArrayList<>();
        for (String s : schedulers) {
            List<RunResult> list = bySched.getOrDefault(s, List.of());
            double logValue = 0, logCpu = 0;
            int cpuKnown = 0;
            for (RunResult r : list) {
                logValue += Math.log(d.metric().of(r));
                if (r.cpuUsPerIo() > 0) {
                    logCpu += Math.log(r.cpuUsPerIo());
                    cpuKnown++;
                }
            }
            figures.add(new Figure(s, list.isEmpty() ? Double.NaN : Math.exp(logValue / list.size()),
                    cpuKnown == 0 ? Double.NaN : Math.exp(logCpu / cpuKnown), list.size(), !behind.contains(s)));
        }
        return new WorkloadDecision(d.workload(), d.metric(), d.choice(), d.reason(), d.margin(), figures, d.pairs(), d.decided(),
                d.toDecide(), d.noiseFloor(), d.blocks());
    }

    /** The scheduler recommended for the whole device, or null when there is none. */
    public String overallWinner() {
        return overall == null ? null : overall.scheduler();
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
