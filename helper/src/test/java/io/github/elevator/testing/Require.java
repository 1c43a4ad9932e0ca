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

    /**
     * A scheduler is a kernel build option (bfq: CONFIG_IOSCHED_BFQ), not a package .ci/run could
     * install: on a kernel that lists it for no device, a test of that scheduler itself is skipped,
     * in CI too, and says so.
     */
    public static void kernelBuilds(String scheduler) {
        boolean listed = false;
        try (var devices = Files.newDirectoryStream(Path.of("/sys/block"))) {
            for (Path d : devices) {
                Path line = d.resolve("queue/scheduler");
                if (Files.isReadable(line) && java.util.Arrays.asList(Files.readString(line).replaceAll("[\\[\\]]", "").trim().split("\\s+")).contains(scheduler)) {
                    listed = true;
                    break;
                }
            }
        } catch (java.io.IOException e) {
            listed = false;
        }
        Assumptions.assumeTrue(listed, "this kernel does not build " + scheduler + " (no device lists it): a test of " + scheduler + " on a real device cannot run here");
    }

    public static void that(boolean condition, String reason) {
        if (condition) return;
        if (inCi()) Assertions.fail("In CI this must not be skipped: " + reason);
        Assumptions.assumeTrue(false, reason);
    }
}
