package io.github.elevator.privilege;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where {@code elevator-helper} is: the {@code ELEVATOR_HELPER} environment variable if set,
 * else the one beside the running launcher ({@code elevator.home}, set by a checkout's launcher,
 * not by the installed package's), else the installed one. The rules file's root program,
 * {@code elevator-rules-helper}, is always the one beside it ({@link #rulesBeside}).
 */
public final class HelperLocator {
    public static final Path INSTALLED = Path.of("/usr/libexec/elevator/elevator-helper");

    private HelperLocator() {
    }

    /** The rules file's root program that goes with {@code helper}: the one in the same folder. */
    public static Path rulesBeside(Path helper) {
        return helper.resolveSibling("elevator-rules-helper");
    }

    public static Path locate() {
        return locate(System.getenv(), System.getProperty("elevator.home"));
    }

    static Path locate(Map<String, String> env, String elevatorHome) {
        String override = env.get("ELEVATOR_HELPER");
        if (override != null && !override.isBlank()) return Path.of(override);
        if (elevatorHome != null && !elevatorHome.isBlank()) {
            // a checkout's launcher runs its own helper: the installed one may be older, or removed while the window is open
            Path own = Path.of(elevatorHome).resolve("bin/elevator-helper").toAbsolutePath().normalize();
            if (Files.isExecutable(own) || !Files.isExecutable(INSTALLED)) return own;
        }
        return INSTALLED;
    }

    /** True when the helper in use is the one the polkit policy names, so its own actions apply. */
    public static boolean isInstalledHelper(Path helper) {
        return helper.equals(INSTALLED);
    }
}
