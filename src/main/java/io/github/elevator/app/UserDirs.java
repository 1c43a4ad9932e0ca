package io.github.elevator.app;

import java.nio.file.Path;

/** Elevator's folders under the XDG base directories. */
public final class UserDirs {
    private UserDirs() {
    }

    /** {@code $XDG_DATA_HOME/elevator} (results history, the sweep journal). */
    public static Path data() {
        return base("XDG_DATA_HOME", ".local/share").resolve("elevator");
    }

    /** {@code $XDG_CONFIG_HOME/elevator} (settings). */
    public static Path config() {
        return base("XDG_CONFIG_HOME", ".config").resolve("elevator");
    }

    private static Path base(String variable, String fallback) {
        String value = System.getenv(variable);
        if (value != null && value.startsWith("/")) return Path.of(value);
        return Path.of(System.getProperty("user.home")).resolve(fallback);
    }
}
