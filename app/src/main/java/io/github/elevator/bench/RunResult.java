package io.github.elevator.bench;

import java.util.List;

/**
 * One timed run of one workload under one scheduler. For small-files, {@code iops} counts
 * transactions per second. {@code sysPct} and {@code iowaitPct} are system-wide, from /proc/stat, and
 * so is {@code cpuUsPerIo}: busy CPU time of the whole machine (the kernel's worker threads
 * included) per completed operation, in microseconds.
 */
public record RunResult(
        String scheduler,
        String workload,
        int repeat,
        double seconds,
        double iops,
        double mibps,
        double latP50us,
        double latP99us,
        double sysPct,
        double iowaitPct,
        double cpuUsPerIo,
        String engine) {

    /**
     * The slices of one scheduler in one block as one run: throughput over their summed time,
     * latency percentiles averaged over the slices on a log scale (each slice's own percentile, not
     * one of the pooled requests; the geometric mean, so one slice that met a burst of a writer moves
     * the figure by a factor, as the analysis of log ratios takes it), CPU per I/O over all their I/Os.
     */
    public static RunResult ofSlices(List<RunResult> slices) {
        if (slices == null || slices.isEmpty()) throw new IllegalArgumentException("no slices to join"); // untranslated: a bug
        if (slices.size() == 1) return slices.get(0);
        double seconds = 0, ops = 0, mib = 0, p50 = 0, p99 = 0, sys = 0, iowait = 0, cpu = 0;
        for (RunResult r : slices) {
            seconds += r.seconds();
            ops += r.iops() * r.seconds();
            mib += r.mibps() * r.seconds();
            p50 += Math.log(Math.max(r.latP50us(), Double.MIN_NORMAL));
            p99 += Math.log(Math.max(r.latP99us(), Double.MIN_NORMAL));
            sys += r.sysPct() * r.seconds();
            iowait += r.iowaitPct() * r.seconds();
            cpu += r.cpuUsPerIo() * r.iops() * r.seconds();
        }
        int n = slices.size();
        RunResult first = slices.get(0);
        return new RunResult(first.scheduler(), first.workload(), first.repeat(), seconds, ops / seconds, mib / seconds,
                positive(Math.exp(p50 / n)), positive(Math.exp(p99 / n)), sys / seconds, iowait / seconds, ops == 0 ? 0 : cpu / ops, first.engine());
    }

    /** A slice without reads has no percentile (0): a mean with it is none either. */
    private static double positive(double geometricMean) {
        return geometricMean < 1e-9 ? 0 : geometricMean;
    }
}
