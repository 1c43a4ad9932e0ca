package io.github.elevator.bench;

import io.github.elevator.text.Messages;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine-wide "cpu" line of /proc/stat. Unlike a benchmark tool's own CPU figure it
 * includes the kernel's worker threads (loop, kworker), where scheduler cost often lands.
 */
public record CpuTimes(long system, long iowait, long idle, long total) {
    /** The kernel counts /proc/stat in USER_HZ, 100 per second on every Linux architecture that matters. */
    static final double TICKS_PER_SECOND = 100;
    /** Compiled once: String.split with a pattern of more than one character compiles it at every call, four times a second here. */
    static final java.util.regex.Pattern BLANKS = java.util.regex.Pattern.compile("\\s+");

    public static CpuTimes read(Path procStat) throws IOException {
        // The "cpu " line comes first; the rest (an "intr" line of thousands of counters) is not read at all.
        try (BufferedReader in = Files.newBufferedReader(procStat)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("cpu ")) continue;
                String[] f = BLANKS.split(line.trim());
                long total = 0;
                for (int i = 1; i < f.length && i <= 8; i++) total += Long.parseLong(f[i]); // guest time is already in user
                return new CpuTimes(Long.parseLong(f[3]) + (f.length > 7 ? Long.parseLong(f[6]) + Long.parseLong(f[7]) : 0),
                        Long.parseLong(f[5]), Long.parseLong(f[4]), total);
            }
        }
        throw new IOException(Messages.text("bench.proc.no-cpu-line", procStat));
    }

    /** Percent of all CPU time spent in the kernel (system + irq + softirq) between two readings. */
    public double systemPercentSince(CpuTimes earlier) {
        long dt = total - earlier.total;
        return dt <= 0 ? 0 : 100.0 * (system - earlier.system) / dt;
    }

    /** CPU seconds, summed over all CPUs, spent on anything but idling and waiting between two readings. */
    public double busySecondsSince(CpuTimes earlier) {
        long busy = (total - idle - iowait) - (earlier.total - earlier.idle - earlier.iowait);
        return Math.max(0, busy) / TICKS_PER_SECOND;
    }

    public double iowaitPercentSince(CpuTimes earlier) {
        long dt = total - earlier.total;
        return dt <= 0 ? 0 : 100.0 * (iowait - earlier.iowait) / dt;
    }
}
