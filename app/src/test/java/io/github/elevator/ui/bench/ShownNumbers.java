package io.github.elevator.ui.bench;

import com.google.gson.Gson;
import io.github.elevator.app.QuickFigures;
import io.github.elevator.app.ReportFiles;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WritePlan;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.sweep.ShownWhileRunning;
import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.cli.ShownOnTheCommandLine;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Numbers;
import io.github.elevator.ui.history.HistoryText;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every number a person reads, as this JVM's language writes it, by where it is shown: the quick
 * tiles, the results table, the comparisons and verdicts, the fio check, the history, the command
 * line, sizes and the charts' axes. Run as a program it prints them as JSON ({@code shown}), beside
 * what programs read ({@code machine}), which no language may change.
 */
final class ShownNumbers {
    private ShownNumbers() {
    }

    static Map<String, String> shown() {
        BenchmarkReport sweep = FiguresReport.sweep(), noise = FiguresReport.noiseCheck();
        Map<String, String> shown = new LinkedHashMap<>();
        QuickFigures fast = new QuickFigures("seq-read", "Sequential", "none", 1563.44, 44104.5, 8847.3, 0.043, sweep, true);
        QuickFigures slow = new QuickFigures("rand-read", "Random", "none", 57.25, 1234.5, 22413.6, -0.043, sweep, true);
        for (QuickFigures q : new QuickFigures[] {fast, slow}) {
            String at = "tile." + q.workload() + ".";
            shown.put(at + "mibps", q.mibpsText());
            shown.put(at + "iops", q.iopsText());
            shown.put(at + "p99", q.p99Text());
        }
        for (BenchmarkReport.SchedulerResult r : sweep.results()) {
            ResultRow row = ResultRow.of(1, r);
            shown.put("table." + r.workload() + "." + r.scheduler(), String.join(" | ", row.iops(), row.mibps(), row.latP50us(), row.latP99us(),
                    row.sysPct()));
        }
        for (BenchmarkReport report : new BenchmarkReport[] {sweep, noise}) {
            String mode = report == sweep ? "sweep." : "noise.";
            DeviceBench state = new DeviceBench(report.device());
            state.report = report;
            for (Comparison c : state.comparisons()) {
                StringBuilder rows = new StringBuilder();
                for (Comparison.Row r : c.rows()) rows.append(String.join(" | ", r.value(), r.versus(), r.verdict(), r.cpuUsPerIo())).append('\n');
                shown.put(mode + "comparison." + c.workload() + ".rows", rows.toString());
                shown.put(mode + "comparison." + c.workload() + ".why", c.why());
                shown.put(mode + "comparison." + c.workload() + ".pairs", String.join("\n", c.pairs()));
                if (c.noiseFloor() != null) shown.put(mode + "comparison." + c.workload() + ".noise-floor", Numbers.fixed(c.noiseFloor() * 100, 1));
            }
            shown.put(mode + "answer", state.answer().text() + "\n" + state.answer().basis());
            shown.put(mode + "overall", ReportWords.overall(report));
            shown.put(mode + "history", HistoryText.report(report, ZoneOffset.UTC));
            ShownOnTheCommandLine.of(report).forEach((k, v) -> shown.put(mode + k, v));
        }
        ShownWhileRunning.of().forEach((k, v) -> shown.put("sweep." + k, v));
        shown.put("sweep.other-load", sweep.otherLoad().sentence(sweep.device()));
        List<FioRow> fio = FioRow.of(sweep);
        for (int i = 0; i < fio.size(); i++) shown.put("fio." + i, fio.get(i).title() + ": " + fio.get(i).figures());
        DeviceBench running = new DeviceBench(FiguresReport.DEVICE);
        running.progress(0.5, 1234.4, "seq-read on none");
        shown.put("progress", running.message());
        shown.put("size", ByteSize.human(1_657_857_376L) + " · " + ByteSize.human(2_000_398_934_016L));
        Path home = Path.of("/home/alex");
        shown.put("write-plan", WritePlan.of(List.of(Workload.SEQ_READ, Workload.READ_UNDER_WRITE), home, 100L << 30).orElseThrow());
        shown.put("write-plan.several", WritePlan.of(List.of(Workload.SMALL_FILES, Workload.READ_UNDER_WRITE), home, 100L << 30).orElseThrow());
        shown.put("margin", Numbers.exact(new BigDecimal("2.50")));
        for (String axis : new String[] {"#,##0.#", "#,##0", "+#,##0.#;−#,##0.#"}) {
            shown.put("chart-axis " + axis, Numbers.pattern(axis).format(1234567.5) + " " + Numbers.pattern(axis).format(-2.5));
        }
        return shown;
    }

    /** What programs read of the same report: the history's and --json's file, and the CSV export. */
    static Map<String, String> machine() {
        BenchmarkReport sweep = FiguresReport.sweep();
        return Map.of("json", ReportFiles.json(sweep), "csv", sweep.toCsv());
    }

    public static void main(String[] args) {
        System.out.println(new Gson().toJson(Map.of("shown", shown(), "machine", machine())));
    }
}
