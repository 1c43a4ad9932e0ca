package io.github.elevator.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A loop device this test attached itself, backed by a file in RAM (/dev/shm). Closing it puts
 * back the scheduler it had when attached, detaches it and deletes the backing file. Tests never
 * touch devices they did not attach.
 */
public final class LoopDevice implements AutoCloseable {
    private final String name;
    private final Path backing;
    private final String originalScheduler;

    private LoopDevice(String name, Path backing) throws IOException {
        this.name = name;
        this.backing = backing;
        this.originalScheduler = active();
    }

    /** Attaches a new loop device of the given size; needs root. */
    public static LoopDevice attach(int mebibytes) throws IOException {
        Path backing = Files.createTempFile(Path.of("/dev/shm"), "elevator-test-", ".img");
        try (var ch = java.nio.channels.FileChannel.open(backing, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0}), (long) mebibytes * 1024 * 1024 - 1);
        }
        String device = run("losetup", "-f", "--show", backing.toString()).strip();
        if (!device.startsWith("/dev/loop")) {
            Files.deleteIfExists(backing);
            throw new IOException("losetup gave " + device);
        }
        return new LoopDevice(device.substring("/dev/".length()), backing);
    }

    /** Attaches a read-only device (losetup -r) of the given size whose file holds random data. */
    public static LoopDevice attachReadOnly(int mebibytes) throws IOException {
        LoopDevice filled = attachFilled(mebibytes);
        run("losetup", "-d", "/dev/" + filled.name);
        String device = run("losetup", "-r", "-f", "--show", filled.backing.toString()).strip();
        return new LoopDevice(device.substring("/dev/".length()), filled.backing);
    }

    /** Attaches a device whose backing file holds random data, so reads have something to checksum. */
    public static LoopDevice attachFilled(int mebibytes) throws IOException {
        Path backing = Files.createTempFile(Path.of("/dev/shm"), "elevator-test-", ".img");
        java.util.Random random = new java.util.Random(7);
        byte[] chunk = new byte[1 << 20];
        try (var out = Files.newOutputStream(backing)) {
            for (int i = 0; i < mebibytes; i++) {
                random.nextBytes(chunk);
                out.write(chunk);
            }
        }
        String device = run("losetup", "-f", "--show", backing.toString()).strip();
        return new LoopDevice(device.substring("/dev/".length()), backing);
    }

    /**
     * Attaches a device with partitions allowed and one partition, {@code NAMEp1}, from sector 2048
     * to the end. The partition is added with {@code addpart} (the BLKPG ioctl), because a kernel
     * may be built without any partition table parser.
     */
    public static LoopDevice attachPartitioned(int mebibytes) throws IOException {
        Path backing = Files.createTempFile(Path.of("/dev/shm"), "elevator-test-", ".img");
        long sectors = (long) mebibytes * 2048;
        try (var ch = java.nio.channels.FileChannel.open(backing, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {0}), sectors * 512 - 1);
        }
        String device = run("losetup", "-f", "-P", "--show", backing.toString()).strip();
        LoopDevice loop = new LoopDevice(device.substring("/dev/".length()), backing);
        try {
            run("addpart", device, "1", "2048", String.valueOf(sectors - 2048));
        } catch (IOException e) {
            loop.close();
            throw e;
        }
        return loop;
    }

    /** Gives the device's node to {@code user} (the app reads a loop device through its user's own access); closing gives it back to root. */
    public void giveTo(String user) throws IOException {
        run("chown", user, "/dev/" + name);
        run("chmod", "0600", "/dev/" + name);
    }

    public Path backingFile() {
        return backing;
    }

    public String name() {
        return name;
    }

    public Path sysfsScheduler() {
        return Path.of("/sys/block", name, "queue/scheduler");
    }

    /** The scheduler the kernel reports as active right now. */
    public String active() throws IOException {
        String line = Files.readString(sysfsScheduler(), StandardCharsets.US_ASCII);
        int open = line.indexOf('['), close = line.indexOf(']');
        return line.substring(open + 1, close);
    }

    /** Sets the scheduler directly through sysfs (test setup, not the code under test). */
    public void set(String scheduler) throws IOException {
        Files.writeString(sysfsScheduler(), scheduler);
    }

    /** Detaches the device while a test still holds this object, to simulate an unplug. */
    public void detachNow() throws IOException {
        run("losetup", "-d", "/dev/" + name);
    }

    @Override
    public void close() throws IOException {
        try {
            if (Files.exists(sysfsScheduler()) && !originalScheduler.equals(active())) set(originalScheduler);
        } finally {
            try {
                if (Files.readString(Path.of("/sys/block", name, "size")).strip().equals("0")) return;
                run("losetup", "-d", "/dev/" + name);
            } finally {
                try {
                    if (Files.exists(Path.of("/dev", name))) run("chown", "root:root", "/dev/" + name);
                } finally {
                    Files.deleteIfExists(backing);
                }
            }
        }
    }

    /** Runs a command with an argument vector and returns its output; fails on a non-zero exit. */
    public static String run(String... command) throws IOException {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " timed out");
            }
            if (p.exitValue() != 0) throw new IOException(String.join(" ", command) + " failed: " + out.strip());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
