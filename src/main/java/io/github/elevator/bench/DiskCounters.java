package io.github.elevator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One device's line of /proc/diskstats: merged requests and requests in flight. */
public record DiskCounters(long merges, long inFlight) {

    public static final DiskCounters NONE = new DiskCounters(0, 0);

    public static DiskCounters read(Path diskstats, String device) throws IOException {
        for (String line : Files.readAllLines(diskstats)) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 12 && f[2].equals(device)) {
                return new DiskCounters(Long.parseLong(f[4]) + Long.parseLong(f[8]), Long.parseLong(f[11]));
            }
        }
        return NONE;
    }
}
