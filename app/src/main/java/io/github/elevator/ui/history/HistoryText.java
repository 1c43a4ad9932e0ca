package io.github.elevator.ui.history;

import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.WorkloadDecision;

import java.time.ZoneId;
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
        return when(r, zone) + " · " + String.join(", ", r.ranking().keySet()) + " · "
                + (schedulers.size() <= 1 ? "one scheduler" : schedulers.size() + " schedulers")
                + (r.overallWinner() == null ? " · no recommendation" : " · recommended " + r.overallWinner());
    }

    /** The picked run: its verdict per workload and the figures behind it, ranked as its decisions rank them. */
    public static String report(BenchmarkReport r, ZoneId zone) {
        StringBuilder b = new StringBuilder("Run of " + when(r, zone) + " on " + r.device()
                + (r.originalScheduler() == null ? "" : " (it was on " + r.originalScheduler() + ")") + "\n");
        r.ranking().forEach((workload, order) -> {
            b.append('\n').append(workload).append(": ").append(r.verdict().getOrDefault(workload, "no verdict")).append('\n');
            WorkloadDecision d = r.decisions() == null ? null : r.decisions().get(workload);
            for (int i = 0; i < order.size(); i++) {
                String scheduler = order.get(i);
                Figure f = d == null ? null : d.figures().stream().filter(x -> x.scheduler().equals(scheduler)).findFirst().orElse(null);
                if (f != null) {
                    String standing = scheduler.equals(d.recommendation()) ? "recommended" : f.leader() ? "leader" : "behind";
                    b.append(String.format(Locale.ROOT, "  %d. %-12s %12s %s (geo. mean of %d blocks)  %s%n", i + 1, scheduler,
                            String.format(Locale.ROOT, "%,.1f", f.value()), d.metric() == null ? "" : d.metric().label(), f.blocks(), standing));
                    continue;
                }
                int rank = i + 1;
                r.results().stream().filter(x -> x.workload().equals(workload) && x.scheduler().equals(scheduler)).findFirst()
                        .ifPresent(x -> b.append(String.format(Locale.ROOT, "  %d. %-12s %10.0f IOPS  %8.1f MiB/s (mean of runs)%n", rank,
                                scheduler, x.mean().getOrDefault("iops", Double.NaN), x.mean().getOrDefault("mibps", Double.NaN))));
            }
        });
        if (r.overall() != null && !r.overall().text().isEmpty()) b.append('\n').append(r.overall().text()).append('\n');
        return b.toString();
    }

    /** Two runs side by side, per workload: each one's verdict; {@code older} first. */
    static String compare(BenchmarkReport older, BenchmarkReport newer, ZoneId zone) {
        StringBuilder b = new StringBuilder();
        Set<String> workloads = new LinkedHashSet<>(older.verdict().keySet());
        workloads.addAll(newer.verdict().keySet());
        for (String w : workloads) {
            b.append(w).append('\n');
            for (BenchmarkReport r : List.of(older, newer)) {
                b.append("  ").append(when(r, zone)).append(": ").append(r.verdict().getOrDefault(w, "not measured")).append('\n');
            }
        }
        return b.toString();
    }
}
