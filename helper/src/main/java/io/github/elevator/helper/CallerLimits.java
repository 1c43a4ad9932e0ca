package io.github.elevator.helper;

import java.io.IOException;
import java.nio.file.*;
import java.util.List;

/**
 * The resource limits the helper inherits from whoever started it (pkexec passes them on). The
 * launcher raises them; where root may not raise a hard limit, one still too low would have the
 * kernel kill the helper between a switch and its restore (CPU time) or fail its record (file size),
 * so the helper refuses to start, before it changes anything.
 */
final class CallerLimits {
    /** A session may last an hour; its CPU time is far less, but never cut short. */
    static final long MIN_CPU_SECONDS = 3600;
    /** The largest file root writes is the rules file, well below this. */
    static final long MIN_FILE_BYTES = 16L << 20;

    private CallerLimits() {
    }

    /** Why the limits in {@code limits} (the text of /proc/PID/limits) are too low, or null when they are not. */
    static String problem(List<String> limits) {
        for (String line : limits) {
            boolean cpu = line.startsWith("Max cpu time"), file = line.startsWith("Max file size");
            if (!cpu && !file) continue;
            String soft = line.substring(13).trim().split("\\s+")[0];
            if (soft.equals("unlimited")) continue;
            long value = soft.matches("[0-9]{1,18}") ? Long.parseLong(soft) : -1;
            if (cpu && value < MIN_CPU_SECONDS) return "a CPU-time limit of " + soft + " s";
            if (file && value < MIN_FILE_BYTES) return "a file-size limit of " + soft + " bytes";
        }
        return null;
    }

    static String problem() {
        try {
            return problem(Files.readAllLines(Path.of("/proc/self/limits")));
        } catch (IOException unreadable) {
            return "limits that cannot be read (" + unreadable.getMessage() + ")";
        }
    }
}
