package io.github.elevator.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard error is a terminal, where a progress line can be redrawn in place, and how wide that line may be. */
final class Terminal {
    private static final int DEFAULT_COLUMNS = 80;

    private Terminal() {
    }

    static boolean standardErrorIsOne() {
        if ("dumb".equals(System.getenv("TERM"))) return false;
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException notKnown) {
            return false;
        }
    }

    /** The width a line may take without wrapping: COLUMNS when the shell exports it, else 80. */
    static int columns() {
        try {
            int n = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", ""));
            return n >= 20 ? n : DEFAULT_COLUMNS;
        } catch (NumberFormatException unset) {
            return DEFAULT_COLUMNS;
        }
    }
}
