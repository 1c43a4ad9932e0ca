package io.github.elevator.app;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
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
 */
public record QuickFigures(String workload, String title, String scheduler, double mibps, double iops, double p99us,
                           double change, BenchmarkReport previous) {

    /** One per run of a quick benchmark, in the order they ran; compared with {@code previous} when not null. */
    public static List<QuickFigures> of(List<RunResult> runs, BenchmarkReport previous) {
        List<QuickFigures> list = new ArrayList<>();
        for (RunResult r : runs) {
            RunResult before = previous == null ? null : previous.runs().stream()
                    .filter(p -> p.workload().equals(r.workload())).findFirst().orElse(null);
            Metric ranked = Workload.byId(r.workload()).map(Workload::rankedBy).orElse(Metric.IOPS);
            double change = before == null || ranked.of(before) <= 0 ? Double.NaN : ranked.of(r) / ranked.of(before) - 1;
            list.add(new QuickFigures(r.workload(), title(r.workload()), r.scheduler(), r.mibps(), r.iops(), r.latP99us(), change,
                    before == null ? null : previous));
        }
        return list;
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
     * it (local): "4 % faster than on 2026-12-01 10:02:05 (then on bfq)", "as on …" within 1 %; empty without one.
     */
    public String changeText(java.util.function.Function<BenchmarkReport, String> when) {
        if (previous == null || Double.isNaN(change)) return "";
        String than = scheduler.equals(schedulerOf(previous)) ? when.apply(previous)
                : Messages.text("app.quick.then-on", when.apply(previous), schedulerOf(previous));
        if (Math.abs(change) < 0.01) return Messages.text("app.quick.as-on", than);
        String percent = Numbers.whole(Math.abs(change) * 100);
        return change > 0 ? Messages.text("app.quick.faster", percent, than) : Messages.text("app.quick.slower", percent, than);
    }

    private String schedulerOf(BenchmarkReport r) {
        return r.runs().stream().filter(x -> x.workload().equals(workload)).map(RunResult::scheduler).findFirst().orElse(scheduler);
    }
}
