package io.github.elevator.device;

import java.util.ArrayList;
import java.util.List;

/**
 * The content of a {@code queue/scheduler} file, such as {@code "none [mq-deadline] kyber bfq\n"}:
 * the schedulers the kernel offers for a device, in its order, and the bracketed active one.
 * The one parser of that line, used by the window and by the privileged helper alike.
 */
public record SchedulerLine(List<String> offered, String active) {

    public SchedulerLine {
        offered = List.copyOf(offered);
    }

    /** The scheduler line of one device directory; {@link #NONE} when it has none. */
    public static SchedulerLine read(java.nio.file.Path deviceDir) throws java.io.IOException {
        java.nio.file.Path file = deviceDir.resolve("queue/scheduler");
        if (!java.nio.file.Files.exists(file)) {
            if (!java.nio.file.Files.exists(deviceDir)) throw new java.nio.file.NoSuchFileException(deviceDir.toString());
            return NONE;
        }
        return parse(java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** The line's own copy of a requested name, found by comparison: what is written is never the caller's string. */
    public java.util.Optional<String> listed(String requested) {
        return offered.stream().filter(s -> s.equals(requested)).findFirst();
    }

    /** A device without a scheduler file. */
    public static final SchedulerLine NONE = new SchedulerLine(List.of(), null);

    /**
     * Parses a scheduler line. Tokens are separated by any whitespace; a token in
     * brackets is the active one. Anything that is not a plain scheduler name
     * (empty brackets, nested or unbalanced brackets, odd characters) is dropped,
     * so the result only ever holds names that could be written back safely.
     */
    public static SchedulerLine parse(String line) {
        List<String> offered = new ArrayList<>();
        String active = null;
        if (line == null) return NONE;
        for (String token : line.trim().split("\\s+")) {
            boolean bracketed = token.length() > 2 && token.startsWith("[") && token.endsWith("]");
            String name = bracketed ? token.substring(1, token.length() - 1) : token;
            if (!isPlainName(name) || offered.contains(name)) continue;
            offered.add(name);
            if (bracketed && active == null) active = name;
        }
        return new SchedulerLine(offered, active);
    }

    /** True for names made of lower-case letters, digits, '-' and '_' (every kernel scheduler). */
    public static boolean isPlainName(String name) {
        if (name == null || name.isEmpty() || name.length() > 32) return false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
            if (!ok) return false;
        }
        return true;
    }

    public boolean hasScheduler() {
        return !offered.isEmpty();
    }

    public boolean offers(String scheduler) {
        return offered.contains(scheduler);
    }
}
