package io.github.elevator.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A blkio cgroup (cgroup v1) of the test's own that throttles one block device above its
 * scheduler, with this process in it, so that every program it starts reads the device through the
 * throttle: every scheduler is then the same speed. Closing puts the process back where it was
 * and removes the cgroup.
 */
final class ThrottledDevice implements AutoCloseable {
    static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");

    private final Path cgroup;
    private final Path before;

    private ThrottledDevice(Path cgroup, Path before) {
        this.cgroup = cgroup;
        this.before = before;
    }

    /** Whether this machine has the cgroup v1 blkio throttle (a kernel with cgroup v2 alone has none). */
    static boolean available() {
        return Files.isRegularFile(BLKIO.resolve("blkio.throttle.read_bps_device"));
    }

    /** Throttles {@code device} (a name in /sys/block) to the given reads and writes, bytes and I/Os a second. */
    static ThrottledDevice of(String device, long readBps, long writeBps, long readIops, long writeIops) throws IOException {
        String number = Files.readString(Path.of("/sys/block", device, "dev")).strip();
        Path cgroup = BLKIO.resolve("elevator-test-" + ProcessHandle.current().pid());
        Files.createDirectory(cgroup);
        ThrottledDevice t = new ThrottledDevice(cgroup, BLKIO.resolve(ownCgroup()));
        try {
            Files.writeString(cgroup.resolve("blkio.throttle.read_bps_device"), number + " " + readBps);
            Files.writeString(cgroup.resolve("blkio.throttle.write_bps_device"), number + " " + writeBps);
            Files.writeString(cgroup.resolve("blkio.throttle.read_iops_device"), number + " " + readIops);
            Files.writeString(cgroup.resolve("blkio.throttle.write_iops_device"), number + " " + writeIops);
            Files.writeString(cgroup.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
        return t;
    }

    /** This process's blkio cgroup, relative to the hierarchy's root ("" at the root). */
    private static String ownCgroup() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && java.util.Arrays.asList(f[1].split(",")).contains("blkio")) return f[2].replaceFirst("^/", "");
        }
        return "";
    }

    /** What the throttle let through since it was made, as the kernel counts it: "MAJ:MIN Read N" lines and the like. */
    String serviced() throws IOException {
        return Files.readString(cgroup.resolve("blkio.throttle.io_service_bytes"));
    }

    @Override
    public void close() throws IOException {
        Files.writeString(before.resolve("cgroup.procs"), Long.toString(ProcessHandle.current().pid()));
        // the kernel refuses to remove a cgroup while a task is still leaving it: a moment, then again
        for (int i = 0; ; i++) {
            try {
                Files.delete(cgroup);
                return;
            } catch (IOException e) {
                if (i == 50) throw e;
                try {
                    Thread.sleep(100);
                } catch (InterruptedException stop) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
