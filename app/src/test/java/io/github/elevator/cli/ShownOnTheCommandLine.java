package io.github.elevator.cli;

import io.github.elevator.bench.report.BenchmarkReport;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@code elevator bench} prints for a person, by what prints it: its progress lines and its summary. */
public final class ShownOnTheCommandLine {
    private ShownOnTheCommandLine() {
    }

    public static Map<String, String> of(BenchmarkReport report) {
        StringWriter progress = new StringWriter();
        BenchProgress lines = new BenchProgress(new PrintWriter(progress, true), report.device(), false, 100);
        lines.started("mq-deadline", List.of("none", "mq-deadline", "kyber"), report.budgetSeconds());
        lines.progress(0.5, 1234.4, "seq-read on none");
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("cli.progress", progress.toString());
        shown.put("cli.summary", BenchCommand.summary(report));
        return shown;
    }
}
