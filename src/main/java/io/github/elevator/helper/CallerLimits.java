package io.github.elevator.helper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The resource limits the helper inherits from whoever started it (pkexec passes them on). The
 * launcher raises them; where root may not raise a hard limit, one that is still too low would
 * have the kernel kill the helper between a switch and its restore (CPU time) or fail its record
 * (file size), so the helper refuses to start, before it changes anything.
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
            if (line.startsWith("Max cpu time")) {
                String soft = soft(line, "Max cpu time");
                if (below(soft, MIN_CPU_SECONDS)) return "a CPU-time limit of " + soft + " s";
            } else if (line.startsWith("Max file size")) {
                String soft = soft(line, "Max file size");
                if (below(soft, MIN_FILE_BYTES)) return "a file-size limit of " + soft + " bytes";
            }
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

    private static String soft(String line, String name) {
        return line.substring(name.length()).trim().split("\\s+")[0];
    }

    private static boolean below(String soft, long minimum) {
        if (soft.equals("unlimited")) return false;
        try {
            return Long.parseLong(soft) < minimum;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
