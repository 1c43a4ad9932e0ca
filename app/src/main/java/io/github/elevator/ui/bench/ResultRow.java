package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;

import java.util.Locale;

/** One line of the results table: a scheduler's rank and figures for one workload. */
public record ResultRow(int rank, String workload, String scheduler, String iops, String mibps,
                        String latP50us, String latP99us, String sysPct) {

    static ResultRow of(int rank, BenchmarkReport.SchedulerResult r) {
        return new ResultRow(rank, r.workload(), r.scheduler(),
                withCi(r, "iops", "%.0f"), withCi(r, "mibps", "%.1f"),
                String.format(Locale.ROOT, "%.0f", r.mean().get("latP50us")),
                String.format(Locale.ROOT, "%.0f", r.mean().get("latP99us")),
                String.format(Locale.ROOT, "%.1f", r.mean().get("sysPct")));
    }

    private static String withCi(BenchmarkReport.SchedulerResult r, String key, String format) {
        String mean = String.format(Locale.ROOT, format, r.mean().get(key));
        double ci = r.ci95().get(key);
        return ci > 0 ? mean + " ± " + String.format(Locale.ROOT, format, ci) : mean;
    }
}
