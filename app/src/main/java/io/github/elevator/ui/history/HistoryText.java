package io.github.elevator.ui.history;

import java.util.Objects;
import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Past reports in words, with times in the local time zone. */
public final class HistoryText {
    private HistoryText() {
    }

    /** A report's time as the clock on the wall showed it; a time that is not ISO-8601 as it was written. */
    static String when(BenchmarkReport r, ZoneId zone) {
        return io.github.elevator.text.LocalTimes.of(r.finishedAt(), zone);
    }

    /** One line of the list: when, which schedulers, and the outcome. */
    static String line(BenchmarkReport r, ZoneId zone) {
        Set<String> schedulers = new LinkedHashSet<>();
        r.ranking().values().forEach(schedulers::addAll);
        String workloads = String.join(", ", r.ranking().keySet());
        // a report that ranks none says as much as one of a single scheduler: nothing was compared
        String how = Messages.count("ui.history.schedulers", Math.max(1, schedulers.size()));
        return r.overallWinner() == null ? Messages.text("ui.history.line", when(r, zone), workloads, how)
                : Messages.text("ui.history.line.recommended", when(r, zone), workloads, how, r.overallWinner());
    }

    /** The picked run: its verdict per workload and the figures behind it, ranked as its decisions rank them. */
    public static String report(BenchmarkReport r, ZoneId zone) {
        StringBuilder b = new StringBuilder((r.originalScheduler() == null ? Messages.text("ui.history.run", when(r, zone), r.device())
                : Messages.text("ui.history.run.was-on", when(r, zone), r.device(), r.originalScheduler())) + "\n");
        r.ranking().forEach((workload, order) -> {
            b.append('\n').append(workload).append(": ").append(Objects.requireNonNullElse(ReportWords.verdict(r, workload), Messages.text("ui.history.no-verdict"))).append('\n');
            WorkloadDecision d = r.decisions() == null ? null : r.decisions().get(workload);
            for (int i = 0; i < order.size(); i++) {
                String scheduler = order.get(i);
                Figure f = d == null ? null : d.figures().stream().filter(x -> x.scheduler().equals(scheduler)).findFirst().orElse(null);
                if (f != null) {
                    String standing = scheduler.equals(d.recommendation()) ? Messages.text("ui.history.recommended")
                            : f.leader() ? Messages.text("ui.history.leader") : Messages.text("ui.history.behind");
                    b.append(String.format(Locale.ROOT, "  %d. %-12s %12s %s %s  %s%n", i + 1, scheduler,
                            Numbers.fixed(f.value(), 1), d.metric() == null ? "" : d.metric().label(),
                            Messages.count("ui.history.geo-mean", f.blocks()), standing));
                    continue;
                }
                int rank = i + 1;
                r.results().stream().filter(x -> x.workload().equals(workload) && x.scheduler().equals(scheduler)).findFirst()
                        .ifPresent(x -> b.append(String.format(Locale.ROOT, "  %d. %-12s %10s IOPS  %8s MiB/s %s%n", rank, // untranslated: units
                                scheduler, Numbers.whole(x.mean().getOrDefault("iops", Double.NaN)), Numbers.fixed(x.mean().getOrDefault("mibps", Double.NaN), 1),
                                Messages.text("ui.history.mean-of-runs"))));
            }
        });
        String overall = ReportWords.overall(r);
        if (!overall.isEmpty()) b.append('\n').append(overall).append('\n');
        return b.toString();
    }

    /**
     * Two runs side by side, per workload: the figures of each scheduler in a column per run (and how
     * much they changed), then each run's verdict; {@code older} first.
     */
    static String compare(BenchmarkReport older, BenchmarkReport newer, ZoneId zone) {
        String none = Messages.text("ui.history.not-measured");
        StringBuilder b = new StringBuilder();
        for (HistoryComparison.Table t : HistoryComparison.of(older, newer)) {
            b.append(t.unit().isEmpty() ? t.workload() : Messages.text("ui.history.compare.workload", t.workload(), t.unit())).append('\n');
            List<String[]> lines = new ArrayList<>();
            lines.add(new String[] {Messages.text("ui.history.compare.scheduler"), when(older, zone), when(newer, zone),
                    Messages.text("ui.history.compare.change")});
            t.rows().forEach(r -> lines.add(new String[] {r.scheduler(), r.older(), r.newer(), r.change()}));
            b.append(columns(lines));
            for (BenchmarkReport r : List.of(older, newer)) {
                b.append("  ").append(when(r, zone)).append(": ").append(Objects.requireNonNullElse(ReportWords.verdict(r, t.workload()), none)).append('\n');
            }
            b.append('\n');
        }
        return b.toString().stripTrailing() + "\n";
    }

    /** Lines of cells in columns: the first left-aligned, the figures right-aligned, each as wide as its widest cell. */
    private static String columns(List<String[]> lines) {
        int[] width = new int[lines.get(0).length];
        for (String[] l : lines) for (int i = 0; i < l.length; i++) width[i] = Math.max(width[i], l[i].length());
        StringBuilder b = new StringBuilder();
        for (String[] l : lines) {
            StringBuilder line = new StringBuilder("  ").append(l[0]).append(" ".repeat(width[0] - l[0].length()));
            for (int i = 1; i < l.length; i++) line.append("   ").append(" ".repeat(width[i] - l[i].length())).append(l[i]);
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }
}
