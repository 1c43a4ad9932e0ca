package io.github.elevator.helper;

import io.github.elevator.device.SchedulerLine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The helper's only view of the kernel: the names listed in {@code sys/block}, and
 * the scheduler file of a device whose name was found in that list.
 */
public class HelperSysfs {
    private final Path sysBlock;

    public HelperSysfs(Path root) {
        this.sysBlock = root.resolve("sys/block");
    }

    /** Names as the kernel lists them; callers compare against these, never build paths from input. */
    public List<String> listedNames() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sysBlock)) {
            for (Path e : entries) names.add(e.getFileName().toString());
        }
        return names;
    }

    public SchedulerLine readScheduler(String listedName) throws IOException {
        return SchedulerLine.read(sysBlock.resolve(listedName));
    }

    /** A one-line number file of the device ({@code size}, {@code queue/logical_block_size}), or -1. */
    public long number(String listedName, String file) {
        try {
            return Long.parseLong(Files.readString(sysBlock.resolve(listedName).resolve(file), StandardCharsets.US_ASCII).strip());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** The device number as the kernel writes it in {@code dev}, such as {@code 7:0}. */
    public String deviceNumber(String listedName) throws IOException {
        return Files.readString(sysBlock.resolve(listedName).resolve("dev"), StandardCharsets.US_ASCII).strip();
    }

    /** Writes one scheduler name; the file must already exist (no create) and not be a link. */
    public void writeScheduler(String listedName, String scheduler) throws IOException {
        Path file = sysBlock.resolve(listedName).resolve("queue/scheduler");
        try (FileChannel ch = FileChannel.open(file,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            ch.write(ByteBuffer.wrap(scheduler.getBytes(StandardCharsets.US_ASCII)));
        }
    }
}
