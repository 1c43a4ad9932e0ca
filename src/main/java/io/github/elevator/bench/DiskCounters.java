package io.github.elevator.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One device's line of /proc/diskstats: merged requests and requests in flight. */
public record DiskCounters(long merges, long inFlight) {

    public static final DiskCounters NONE = new DiskCounters(0, 0);

    public static DiskCounters read(Path diskstats, String device) throws IOException {
        String name = " " + device + " ";
        try (BufferedReader in = Files.newBufferedReader(diskstats)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                // read four times a second during a benchmark: split only the device's own line, not every disk's
                if (!line.contains(name)) continue;
                String[] f = line.trim().split("\\s+");
                if (f.length >= 12 && f[2].equals(device)) {
                    return new DiskCounters(Long.parseLong(f[4]) + Long.parseLong(f[8]), Long.parseLong(f[11]));
                }
            }
        }
        return NONE;
    }
}
