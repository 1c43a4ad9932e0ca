package io.github.elevator.privilege;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Where {@code elevator-helper} is: the {@code ELEVATOR_HELPER} environment variable if set,
 * else the one beside the running launcher ({@code elevator.home}, set by a checkout's launcher,
 * not by the installed package's), else the installed one: the .deb's and the rpm's in
 * /usr/libexec/elevator, or the Arch package's in /usr/lib/elevator (Arch's guidelines leave
 * /usr/libexec unused), each named by its package's polkit policy. The rules file's root program,
 * {@code elevator-rules-helper}, is always the one beside it ({@link #rulesBeside}).
 */
public final class HelperLocator {
    /** Where the .deb and the rpm install it. */
    public static final Path INSTALLED = Path.of("/usr/libexec/elevator/elevator-helper");
    /** Where the Arch package installs it. */
    public static final Path INSTALLED_ARCH = Path.of("/usr/lib/elevator/elevator-helper");

    private HelperLocator() {
    }

    /** The rules file's root program that goes with {@code helper}: the one in the same folder. */
    public static Path rulesBeside(Path helper) {
        return helper.resolveSibling("elevator-rules-helper");
    }

    /** The installed helper: the one that is there, {@link #INSTALLED} when neither is. */
    public static Path installed() {
        return installed(Files::isExecutable);
    }

    static Path installed(Predicate<Path> executable) {
        return !executable.test(INSTALLED) && executable.test(INSTALLED_ARCH) ? INSTALLED_ARCH : INSTALLED;
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
            if (Files.isExecutable(own) || !Files.isExecutable(installed())) return own;
        }
        return installed();
    }

    /** True when the helper in use is the one the polkit policy names, so its own actions apply. */
    public static boolean isInstalledHelper(Path helper) {
        return List.of(INSTALLED, INSTALLED_ARCH).contains(helper);
    }
}
