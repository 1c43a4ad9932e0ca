package io.github.elevator.bench;

import io.github.elevator.text.Messages;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One device's I/O counters: merged requests and requests in flight. */
public record DiskCounters(long merges, long inFlight) {

    public static final DiskCounters NONE = new DiskCounters(0, 0);

    /**
     * From the device's own {@code /sys/class/block/DEV/stat} (one short line; {@code sys} beside
     * {@code proc}), else from its line of {@code /proc/diskstats}, which the kernel writes out for
     * every block device at each read: a few hundred lines on a machine with many loop devices,
     * four times a second while a benchmark measures.
     */
    public static DiskCounters of(Path proc, String device) throws IOException {
        Path stat = proc.resolveSibling("sys").resolve("class/block").resolve(device).resolve("stat");
        if (!Files.isReadable(stat)) return read(proc.resolve("diskstats"), device);
        String[] f = CpuTimes.BLANKS.split(Files.readString(stat).trim());
        if (f.length < 9) throw new IOException(Messages.count("bench.proc.short-stat", f.length, stat));
        return new DiskCounters(Long.parseLong(f[1]) + Long.parseLong(f[5]), Long.parseLong(f[8]));
    }

    /** Reads and writes the device has completed, from its own {@code /sys/class/block/DEV/stat}; -1 when it has none. */
    public static long completed(Path proc, String device) throws IOException {
        Path stat = proc.resolveSibling("sys").resolve("class/block").resolve(device).resolve("stat");
        if (!Files.isReadable(stat)) return -1;
        String[] f = CpuTimes.BLANKS.split(Files.readString(stat).trim());
        return f.length < 5 ? -1 : Long.parseLong(f[0]) + Long.parseLong(f[4]);
    }

    public static DiskCounters read(Path diskstats, String device) throws IOException {
        String name = " " + device + " ";
        try (BufferedReader in = Files.newBufferedReader(diskstats)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                // read four times a second during a benchmark: split only the device's own line, not every disk's
                if (!line.contains(name)) continue;
                String[] f = CpuTimes.BLANKS.split(line.trim());
                if (f.length >= 12 && f[2].equals(device)) {
                    return new DiskCounters(Long.parseLong(f[4]) + Long.parseLong(f[8]), Long.parseLong(f[11]));
                }
            }
        }
        return NONE;
    }
}
