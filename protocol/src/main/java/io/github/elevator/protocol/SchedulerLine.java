package io.github.elevator.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/** A {@code queue/scheduler} file, {@code "none [mq-deadline] kyber bfq\n"}: what the kernel offers and the bracketed active one; one parser for app and helper. */
public record SchedulerLine(List<String> offered, String active) {
    /** A device without a scheduler file. */
    public static final SchedulerLine NONE = new SchedulerLine(List.of(), null);

    public SchedulerLine {
        offered = List.copyOf(offered);
    }

    /** The scheduler line of one device directory; {@link #NONE} when it has none. */
    public static SchedulerLine read(Path deviceDir) throws IOException {
        Path file = deviceDir.resolve("queue/scheduler");
        if (!Files.exists(file)) {
            if (!Files.exists(deviceDir)) throw new NoSuchFileException(deviceDir.toString());
            return NONE;
        }
        return parse(Files.readString(file, StandardCharsets.US_ASCII));
    }

    /** A token in brackets is the active one; what is no plain scheduler name is dropped, so only names safe to write back are kept. */
    public static SchedulerLine parse(String line) {
        if (line == null) return NONE;
        List<String> offered = new ArrayList<>();
        String active = null;
        for (String token : line.trim().split("\\s+")) {
            boolean bracketed = token.length() > 2 && token.startsWith("[") && token.endsWith("]");
            String name = bracketed ? token.substring(1, token.length() - 1) : token;
            if (!isPlainName(name) || offered.contains(name)) continue;
            offered.add(name);
            if (bracketed && active == null) active = name;
        }
        return new SchedulerLine(offered, active);
    }

    /** True for 1 to 32 lower-case letters, digits, '-' and '_' (every kernel scheduler). */
    public static boolean isPlainName(String name) {
        return name != null && name.matches("[a-z0-9_-]{1,32}");
    }

    /** The line's own copy of a requested name, found by comparison: what is written is never the caller's string. */
    public Optional<String> listed(String requested) {
        return offered.stream().filter(s -> s.equals(requested)).findFirst();
    }

    public boolean hasScheduler() {
        return !offered.isEmpty();
    }

    public boolean offers(String scheduler) {
        return offered.contains(scheduler);
    }
}
