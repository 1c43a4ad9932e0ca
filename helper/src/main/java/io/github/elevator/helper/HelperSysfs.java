package io.github.elevator.helper;

import io.github.elevator.protocol.SchedulerLine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/** The helper's only view of devices: names listed in {@code sys/block}, compared with input so no path is built from it. Tests override the writes. */
public class HelperSysfs {
    private final Path sysBlock;

    public HelperSysfs(Path root) {
        this.sysBlock = root.resolve("sys/block");
    }

    public List<String> listedNames() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sysBlock)) {
            for (Path e : entries) names.add(e.getFileName().toString());
        }
        return names;
    }

    /** The kernel's own copy of the name, found by comparison; null when it does not list it. */
    public String listed(String requested) throws IOException {
        return listedNames().stream().filter(n -> n.equals(requested)).findFirst().orElse(null);
    }

    public Path queue(String listedName) {
        return sysBlock.resolve(listedName).resolve("queue");
    }

    public SchedulerLine readScheduler(String listedName) throws IOException {
        return SchedulerLine.read(sysBlock.resolve(listedName));
    }

    /** The device number as the kernel writes it in {@code dev}, such as {@code 7:0}. */
    public String deviceNumber(String listedName) throws IOException {
        return Files.readString(sysBlock.resolve(listedName).resolve("dev"), StandardCharsets.US_ASCII).strip();
    }

    /** Whether a loop device has a file behind it: the kernel lists {@code loop/} only then. */
    public boolean bound(String listedName) {
        return Files.isDirectory(sysBlock.resolve(listedName).resolve("loop"), LinkOption.NOFOLLOW_LINKS);
    }

    /** Whether the kernel counts the disk's medium as removable ({@code removable} is 1). */
    public boolean removable(String listedName) {
        try {
            return Files.readString(sysBlock.resolve(listedName).resolve("removable"), StandardCharsets.US_ASCII).strip().equals("1");
        } catch (IOException unreadable) {
            return false;
        }
    }

    public void writeScheduler(String listedName, String scheduler) throws IOException {
        write(queue(listedName).resolve("scheduler"), scheduler);
    }

    /** Writes into an existing file, never creating it and never through a link. */
    public void write(Path file, String value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            ch.write(ByteBuffer.wrap(value.getBytes(StandardCharsets.US_ASCII)));
        }
    }
}
