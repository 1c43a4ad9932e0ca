package io.github.elevator.bench;

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
}
