package io.github.elevator.device;

import io.github.elevator.protocol.TunableLimits;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The current values of a device's queue settings ({@code queue/read_ahead_kb}, ...) and of its
 * active scheduler's own settings ({@code queue/iosched/*}). Only files that exist on this kernel
 * and hold a whole number are listed; a device without a scheduler has no {@code iosched} entries.
 */
public record Tunables(Map<String, Long> queue, Map<String, Long> iosched) {
    /** Keys are written {@code queue/NAME} or {@code iosched/NAME}, as on the command line. */
    public static final String QUEUE_PREFIX = TunableLimits.QUEUE_PREFIX;
    public static final String IOSCHED_PREFIX = TunableLimits.IOSCHED_PREFIX;
    public static final Tunables NONE = new Tunables(Map.of(), Map.of());

    public Tunables {
        queue = Collections.unmodifiableMap(new LinkedHashMap<>(queue));
        iosched = Collections.unmodifiableMap(new LinkedHashMap<>(iosched));
    }

    /** Reads the settings of one device directory ({@code sys/block/NAME}). */
    public static Tunables read(Path deviceDir) throws IOException {
        Map<String, Long> queue = new LinkedHashMap<>();
        for (String name : TunableLimits.QUEUE.keySet()) {
            Long v = number(deviceDir.resolve("queue").resolve(name));
            if (v != null) queue.put(name, v);
        }
        Map<String, Long> iosched = new LinkedHashMap<>();
        for (String name : ioschedNames(deviceDir)) {
            Long v = number(deviceDir.resolve("queue/iosched").resolve(name));
            if (v != null) iosched.put(name, v);
        }
        return new Tunables(queue, iosched);
    }

    /**
     * The names in the active scheduler's {@code queue/iosched} directory, sorted: the kernel's own
     * list, which is what a key is compared against before anything is written.
     */
    public static List<String> ioschedNames(Path deviceDir) throws IOException {
        Path dir = deviceDir.resolve("queue/iosched");
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return names;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) {
                if (Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) names.add(e.getFileName().toString());
            }
        } catch (NoSuchFileException switchedMeanwhile) {
            return List.of();
        }
        names.sort(null);
        return names;
    }

    /** Every key of this device, {@code queue/NAME} first, then {@code iosched/NAME}. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        queue.keySet().forEach(k -> keys.add(QUEUE_PREFIX + k));
        iosched.keySet().forEach(k -> keys.add(IOSCHED_PREFIX + k));
        return keys;
    }

    /** The value of {@code queue/NAME} or {@code iosched/NAME}; null when the device has no such setting. */
    public Long value(String key) {
        if (key.startsWith(QUEUE_PREFIX)) return queue.get(key.substring(QUEUE_PREFIX.length()));
        if (key.startsWith(IOSCHED_PREFIX)) return iosched.get(key.substring(IOSCHED_PREFIX.length()));
        return null;
    }

    /** The whole number a sysfs file holds, or null when it is missing, unreadable or not a number. */
    static Long number(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return null;
        try {
            String s = Files.readString(file, StandardCharsets.US_ASCII).trim();
            return Long.valueOf(s);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
