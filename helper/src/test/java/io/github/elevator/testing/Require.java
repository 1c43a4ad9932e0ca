package io.github.elevator.testing;

import io.github.elevator.protocol.ProcessIds;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Preconditions of tests that need the real machine. Outside CI a missing precondition skips
 * the test with its reason; in CI (CI=true, run as root with every package installed) it fails,
 * so nothing that matters is skipped silently there.
 */
public final class Require {
    private Require() {
    }

    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    public static void root() {
        that(ProcessIds.current().isRoot(), "needs root to attach loop devices and switch schedulers (CI runs as root)");
    }

    public static void command(String path) {
        that(Files.isExecutable(Path.of(path)), path + " is not installed (.ci/run installs it)");
    }

    public static void display() {
        String display = System.getenv("DISPLAY");
        that(display != null && !display.isBlank(), "needs an X server: DISPLAY is not set (the build starts Xvfb when it is installed)");
    }

    public static void that(boolean condition, String reason) {
        if (condition) return;
        if (inCi()) Assertions.fail("In CI this must not be skipped: " + reason);
        Assumptions.assumeTrue(false, reason);
    }
}
