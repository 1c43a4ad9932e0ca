package io.github.elevator.bench;

/**
 * A live measurement over the last sampling interval (a quarter second or less): throughput,
 * latency, system-wide CPU and the device's own counters from /proc/diskstats.
 */
public record Sample(
        String scheduler,
        String workload,
        int repeat,
        double elapsedSeconds,
        double iops,
        double mibps,
        double latP50us,
        double latP99us,
        double sysPct,
        double iowaitPct,
        long mergesPerSecond,
        long inFlight) {
}
