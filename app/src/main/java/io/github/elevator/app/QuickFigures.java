package io.github.elevator.app;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.SampleSpread;
import io.github.elevator.bench.Workload;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * A quick benchmark's figures, one per workload, as the window's tiles and the command line show
 * them: MiB/s, IOPS and p99 latency, and how the ranked figure compares with the device's
 * previous quick benchmark when there is one.
 *
 * @param title    what people call it: "Sequential 1 MiB", "Random 4 KiB QD1", "Random 4 KiB QD32"
 * @param change   the ranked figure over the previous one's, minus 1 (0.04 for 4 % more); NaN without one
 * @param previous the previous quick benchmark, or null
 * @param beyondNoise whether the change is more than the two runs' samples moved within each (their 95 % intervals)
 */
public record QuickFigures(String workload, String title, String scheduler, double mibps, double iops, double p99us,
                           double change, BenchmarkReport previous, boolean beyondNoise) {

    /** One per run of a quick benchmark under way, in the order they ran: nothing to compare with yet. */
    public static List<QuickFigures> of(List<RunResult> runs, BenchmarkReport previous) {
        return of(runs, null, previous);
    }

    /** One per run of the quick benchmark {@code report}; compared with {@code previous} when not null, within both runs' noise. */
    public static List<QuickFigures> of(BenchmarkReport report, BenchmarkReport previous) {
        return of(report.runs(), report, previous);
    }

    private static List<QuickFigures> of(List<RunResult> runs, BenchmarkReport report, BenchmarkReport previous) {
        List<QuickFigures> list = new ArrayList<>();
        for (RunResult r : runs) {
            RunResult before = previous == null ? null : previous.runs().stream()
                    .filter(p -> p.workload().equals(r.workload())).findFirst().orElse(null);
            Metric ranked = Workload.byId(r.workload()).map(Workload::rankedBy).orElse(Metric.IOPS);
            double change = before == null || ranked.of(before) <= 0 ? Double.NaN : ranked.of(r) / ranked.of(before) - 1;
            boolean beyond = before != null && Math.abs(change) >= 0.01 && SampleSpread.beyondNoise(ranked.of(r),
                    halfWidth(report, r, ranked), ranked.of(before), halfWidth(previous, before, ranked));
            list.add(new QuickFigures(r.workload(), title(r.workload()), r.scheduler(), r.mibps(), r.iops(), r.latP99us(), change,
                    before == null ? null : previous, beyond));
        }
        return list;
    }

    /** The 95 % half-width of {@code run}'s ranked figure kept in {@code report}; 0 where it kept none (a report before they were kept). */
    private static double halfWidth(BenchmarkReport report, RunResult run, Metric ranked) {
        if (report == null || report.results() == null) return 0;
        return report.results().stream()
                .filter(x -> x.workload().equals(run.workload()) && x.scheduler().equals(run.scheduler()) && x.ci95() != null)
                .map(x -> x.ci95().get(ranked.key())).filter(v -> v != null && !Double.isNaN(v)).findFirst().orElse(0.0);
    }

    public static String title(String workload) {
        return Workload.byId(workload).map(w -> switch (w) {
            case SEQ_READ -> Messages.text("app.quick.title.seq-read");
            case RAND_READ -> Messages.text("app.quick.title.rand-read");
            case RAND_READ_QD32 -> Messages.text("app.quick.title.rand-read-qd32");
            default -> w.id();
        }).orElse(workload);
    }

    public String mibpsText() {
        return Numbers.fixed(mibps, mibps >= 100 ? 0 : 1) + " MiB/s"; // untranslated: a unit
    }

    public String iopsText() {
        return Numbers.whole(iops) + " IOPS"; // untranslated: a unit
    }

    /** "p99 850 µs", or in ms from 10 ms up. */
    public String p99Text() {
        return p99us >= 10_000 ? "p99 " + Numbers.fixed(p99us / 1000, 1) + " ms" : "p99 " + Numbers.whole(p99us) + " µs"; // untranslated: units
    }

    /**
     * How it compares with the previous quick benchmark, with that one's time as {@code when} gives
     * it (local): "4 % faster than on 2026-12-01 10:02:05 (then on bfq)"; "about as on …" within 1 % or within the
     * noise of the two runs; empty without one.
     */
    public String changeText(java.util.function.Function<BenchmarkReport, String> when) {
        if (previous == null || Double.isNaN(change)) return "";
        String than = scheduler.equals(schedulerOf(previous)) ? when.apply(previous)
                : Messages.text("app.quick.then-on", when.apply(previous), schedulerOf(previous));
        if (!beyondNoise) return Messages.text("app.quick.as-on", than);
        String percent = Numbers.whole(Math.abs(change) * 100);
        return change > 0 ? Messages.text("app.quick.faster", percent, than) : Messages.text("app.quick.slower", percent, than);
    }

    private String schedulerOf(BenchmarkReport r) {
        return r.runs().stream().filter(x -> x.workload().equals(workload)).map(RunResult::scheduler).findFirst().orElse(scheduler);
    }
}
