package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.RatioSpread;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * One raw read result of a report beside fio, as the panel shows it: what it is, Elevator's and
 * fio's figures and the median of their pairs' ratios with the pairs' spread in words (or that fio has not checked it), and fio's command to copy;
 * {@code checked}: whether fio ran beside it.
 */
public record FioRow(String title, String figures, String command, boolean checked) {

    /** The rows of {@code report}'s results that have a fio command, in the report's order. */
    public static List<FioRow> of(BenchmarkReport report) {
        List<FioRow> rows = new ArrayList<>();
        if (report == null || report.results() == null) return rows;
        for (BenchmarkReport.SchedulerResult r : report.results()) {
            FioComparison c = r.fio();
            if (c == null || c.command() == null) continue;
            String title = Messages.text("ui.bench.fio.title", io.github.elevator.app.QuickFigures.title(r.workload()), r.scheduler());
            rows.add(new FioRow(title, c.checked() ? figures(c) : Messages.text("ui.bench.fio.unchecked"), c.command(), c.checked()));
        }
        return rows;
    }

    /**
     * The figures in words, each figure held to its name and unit (where the panel is narrow they
     * wrap between figures only); where the pairs spread wider than the ratio lies from 1, a second line says so.
     */
    private static String figures(FioComparison c) {
        String p99 = Numbers.whole(c.elevator().latP99us()), fioP99 = Numbers.whole(c.latP99us());
        String elevator = unbroken(c.elevatorText()), fio = unbroken(c.fioText());
        RatioSpread spread = c.spread();
        if (spread == null) return Messages.text("ui.bench.fio.figures.single", elevator, fio, Numbers.ratio(c.ratio()), p99, fioP99);
        String figures = Messages.text("ui.bench.fio.figures", elevator, fio, Numbers.ratio(c.ratio()), p99, fioP99,
                Numbers.ratio(spread.min()), Numbers.ratio(spread.max()));
        return spread.withinSpread() ? figures + "\n" + Messages.text("ui.bench.fio.within-spread") : figures;
    }

    /** A figure with its unit that a line never breaks: "5,600.0 MiB/s". */
    private static String unbroken(String figure) {
        return figure.replace(' ', '\u00a0');
    }
}
