package io.github.elevator.ui.history;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Two runs' figures side by side: per workload and scheduler the older run's figure, the newer's, and
 * how much the figure changed. A figure is what the report ranked by (its decision's geometric mean
 * over blocks, or in a report without decisions the mean of its runs); a change is said only between
 * figures of the same metric, and it is a change of the figure, not a verdict.
 */
final class HistoryComparison {
    /** One scheduler's figures: the older's and the newer's, formatted ("not measured" where it has none), and their change, or empty. */
    record Row(String scheduler, String older, String newer, String change) {
    }

    /** One workload: what its figures are in ({@code unit}), a row per scheduler either run measured. */
    record Table(String workload, String unit, List<Row> rows) {
    }

    /** A measured figure and what it measures. */
    private record Measured(double value, Metric metric) {
    }

    private HistoryComparison() {
    }

    /** The workloads of both runs, the older's first; the schedulers in the newer run's order, then the older's others. */
    static List<Table> of(BenchmarkReport older, BenchmarkReport newer) {
        String none = Messages.text("ui.history.not-measured");
        Set<String> workloads = new LinkedHashSet<>(older.ranking().keySet());
        workloads.addAll(newer.ranking().keySet());
        List<Table> tables = new ArrayList<>();
        for (String w : workloads) {
            Set<String> schedulers = new LinkedHashSet<>(newer.ranking().getOrDefault(w, List.of()));
            schedulers.addAll(older.ranking().getOrDefault(w, List.of()));
            List<Row> rows = new ArrayList<>();
            Metric unit = null;
            for (String s : schedulers) {
                Optional<Measured> before = figure(older, w, s), after = figure(newer, w, s);
                if (unit == null) unit = after.or(() -> before).map(Measured::metric).orElse(null);
                String change = before.isPresent() && after.isPresent() && before.get().metric() == after.get().metric() && before.get().value() > 0
                        ? signedPercent(after.get().value() / before.get().value() - 1) : "";
                rows.add(new Row(s, before.map(HistoryComparison::text).orElse(none), after.map(HistoryComparison::text).orElse(none), change));
            }
            tables.add(new Table(w, unit == null ? "" : unit.label(), rows));
        }
        return tables;
    }

    /** What {@code r} ranked {@code scheduler} by in {@code workload}: its decision's figure, else the mean of its runs. */
    private static Optional<Measured> figure(BenchmarkReport r, String workload, String scheduler) {
        WorkloadDecision d = r.decisions() == null ? null : r.decisions().get(workload);
        if (d != null && d.metric() != null) {
            Optional<Figure> f = d.figures().stream().filter(x -> x.scheduler().equals(scheduler)).findFirst();
            if (f.isPresent()) return Optional.of(new Measured(f.get().value(), d.metric()));
        }
        Metric metric = Workload.byId(workload).map(Workload::rankedBy).orElse(Metric.IOPS);
        return r.results().stream().filter(x -> x.workload().equals(workload) && x.scheduler().equals(scheduler)).findFirst()
                .map(x -> x.mean().get(metric.key())).filter(v -> v != null && !v.isNaN()).map(v -> new Measured(v, metric));
    }

    private static String text(Measured m) {
        return m.value() >= 100 ? Numbers.whole(m.value()) : Numbers.fixed(m.value(), 1);
    }

    /** "+7.1 %", "−12 %", "±0 %": the change of a figure with its sign. */
    private static String signedPercent(double fraction) {
        String pct = Numbers.percent(fraction);
        String key = pct.equals(Numbers.percent(0)) ? "ui.history.compare.same" : fraction > 0 ? "ui.history.compare.up" : "ui.history.compare.down";
        return Messages.text(key, pct);
    }
}
