package io.github.elevator.cli;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.RatioSpread;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The check with fio as {@code elevator bench --fio} prints it: Elevator's figures beside fio's, the ratio, the command. */
final class FioLines {
    private FioLines() {
    }

    /** Prints the check when fio ran beside any result of {@code report}; nothing otherwise. */
    static void printIfChecked(BenchmarkReport report, PrintWriter out) {
        if (report.results().stream().anyMatch(r -> r.fio() != null && r.fio().checked())) print(report, out);
    }

    private static void print(BenchmarkReport report, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {Messages.text("cli.fio.column.workload"), Messages.text("cli.fio.column.scheduler"),
                "Elevator", "fio", Messages.text("cli.fio.column.ratio"), Messages.text("cli.fio.column.pairs"), // untranslated: names
                "p99 µs Elevator / fio"}); // untranslated: names and units
        Set<String> unchecked = new LinkedHashSet<>();
        List<String> commands = new ArrayList<>();
        List<String> withinSpread = new ArrayList<>();
        for (BenchmarkReport.SchedulerResult r : report.results()) {
            FioComparison c = r.fio();
            if (c == null) unchecked.add(r.workload());
            if (c == null || !c.checked()) continue;
            RatioSpread spread = c.spread();
            rows.add(new String[] {r.workload(), r.scheduler(), c.elevatorText(), c.fioText(), Numbers.ratio(c.ratio()),
                    spread == null ? "-" : Messages.text("cli.fio.pairs", spread.pairs(), Numbers.ratio(spread.min()), Numbers.ratio(spread.max())),
                    Numbers.whole(c.elevator().latP99us()) + " / " + Numbers.whole(c.latP99us())});
            if (spread != null && spread.withinSpread()) {
                withinSpread.add(Messages.text("cli.fio.within-spread", r.workload(), r.scheduler(),
                        Numbers.ratio(spread.min()), Numbers.ratio(spread.max())));
            }
            if (!commands.contains(c.command())) commands.add(c.command());
        }
        out.println(Messages.text("cli.fio.heading"));
        Columns.print(rows, out, "  ");
        for (String w : withinSpread) out.println("  " + w);
        for (String w : unchecked) {
            out.println("  " + Messages.text("cli.fio.unchecked", w));
        }
        out.println(Messages.text("cli.fio.commands"));
        for (String c : commands) out.println("  " + c);
    }
}
