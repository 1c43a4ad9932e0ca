package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.FioComparison;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.List;

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
            String title = Messages.text("ui.bench.fio.title", io.github.elevator.app.QuickFigures.title(r.workload()), r.scheduler());
            rows.add(new FioRow(title, c.checked() ? figures(c) : Messages.text("ui.bench.fio.unchecked"), c.command()));
        }
        return rows;
    }

    private static String figures(FioComparison c) {
        return Messages.text("ui.bench.fio.figures", c.elevatorText(), c.fioText(), Numbers.ratio(c.ratio()),
                Numbers.whole(c.elevator().latP99us()), Numbers.whole(c.latP99us()));
    }
}
