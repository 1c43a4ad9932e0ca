package io.github.elevator.ui.bench;

import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.FioComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One raw read result of a report beside fio, as the panel shows it: what it is, Elevator's and
 * fio's figures and their ratio in words (or that fio has not checked it), and fio's command to copy.
 */
public record FioRow(String title, String figures, String command) {

    /** The rows of {@code report}'s results that have a fio command, in the report's order. */
    public static List<FioRow> of(BenchmarkReport report) {
        List<FioRow> rows = new ArrayList<>();
        if (report == null || report.results() == null) return rows;
        for (BenchmarkReport.SchedulerResult r : report.results()) {
            FioComparison c = r.fio();
            if (c == null || c.command() == null) continue;
            String title = io.github.elevator.app.QuickFigures.title(r.workload()) + " on " + r.scheduler();
            rows.add(new FioRow(title, c.checked() ? figures(c) : "not checked with fio", c.command()));
        }
        return rows;
    }

    private static String figures(FioComparison c) {
        return String.format(Locale.ROOT, "Elevator %s · fio %s · ratio %.2f · p99 %,.0f / %,.0f µs", c.elevatorText(), c.fioText(),
                c.ratio(), c.elevator().latP99us(), c.latP99us());
    }
}
