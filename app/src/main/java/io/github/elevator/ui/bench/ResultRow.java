package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;

import io.github.elevator.text.Numbers;

/** One line of the results table: a scheduler's rank and figures for one workload. */
public record ResultRow(int rank, String workload, String scheduler, String iops, String mibps,
                        String latP50us, String latP99us, String sysPct) {

    static ResultRow of(int rank, BenchmarkReport.SchedulerResult r) {
        return new ResultRow(rank, r.workload(), r.scheduler(),
                withCi(r, "iops", 0), withCi(r, "mibps", 1),
                Numbers.whole(r.mean().get("latP50us")),
                Numbers.whole(r.mean().get("latP99us")),
                Numbers.fixed(r.mean().get("sysPct"), 1));
    }

    private static String withCi(BenchmarkReport.SchedulerResult r, String key, int decimals) {
        String mean = Numbers.fixed(r.mean().get(key), decimals);
        double ci = r.ci95().get(key);
        return ci > 0 ? mean + " ± " + Numbers.fixed(ci, decimals) : mean;
    }
}
