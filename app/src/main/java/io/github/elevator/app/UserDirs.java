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
        return home().resolve(fallback);
    }

    /** {@code $HOME} where it is set to an absolute path, as every desktop program takes it; else the password database's. */
    static Path home() {
        String home = System.getenv("HOME");
        return home != null && home.startsWith("/") ? Path.of(home) : Path.of(System.getProperty("user.home"));
    }
}
