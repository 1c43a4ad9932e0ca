package io.github.elevator.testing;

import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.helper.HelperSysfs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * A small sysfs tree in a temporary directory, laid out like the kernel's (sys/block entries
 * are relative links into sys/devices), and a {@link HelperSysfs} over it that answers writes
 * the way the kernel does: a listed scheduler becomes the bracketed one, anything else is
 * refused with "Invalid argument" and leaves the file as it was.
 */
public final class FakeSysfs {
    private final Path root;

    public FakeSysfs(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Adds a device; {@code schedulerLine} null means the device has no scheduler file. */
    public FakeSysfs device(String name, String schedulerLine) throws IOException {
        Path dir = root.resolve("sys/devices/virtual/block").resolve(name);
        Files.createDirectories(dir.resolve("queue"));
        Files.writeString(dir.resolve("size"), "131072\n");
        Files.writeString(dir.resolve("ro"), "0\n");
        Files.writeString(dir.resolve("removable"), "0\n");
        Files.writeString(dir.resolve("queue/rotational"), "0\n");
        if (schedulerLine != null) Files.writeString(dir.resolve("queue/scheduler"), schedulerLine + "\n");
        Path block = root.resolve("sys/block");
        Files.createDirectories(block);
        Files.createSymbolicLink(block.resolve(name), Path.of("../devices/virtual/block").resolve(name));
        return this;
    }

    public String schedulerLine(String name) throws IOException {
        return Files.readString(root.resolve("sys/block").resolve(name).resolve("queue/scheduler"));
    }

    public HelperSysfs kernel() {
        return new HelperSysfs(root) {
            @Override
            public void writeScheduler(String listedName, String scheduler) throws IOException {
                SchedulerLine before = readScheduler(listedName);
                if (!before.offers(scheduler)) throw new IOException("Invalid argument");
                super.writeScheduler(listedName, scheduler);
                Path file = root.resolve("sys/block").resolve(listedName).resolve("queue/scheduler");
                String written = Files.readString(file, StandardCharsets.US_ASCII);
                if (!written.equals(scheduler)) throw new AssertionError("helper wrote " + written + " for " + scheduler);
                Files.writeString(file, before.offered().stream()
                        .map(s -> s.equals(scheduler) ? "[" + s + "]" : s)
                        .collect(Collectors.joining(" ")) + " \n");
            }
        };
    }
}
