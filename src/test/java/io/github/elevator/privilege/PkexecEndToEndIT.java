package io.github.elevator.privilege;

import io.github.elevator.helper.HelperExit;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole privilege path for real: an unprivileged user runs {@code elevator set}, which runs
 * {@code pkexec} on the installed helper path, which asks a real polkitd over a real system bus.
 * {@code src/test/scripts/polkit-e2e.sh} installs the policy, a helper wrapper and test-only rules
 * (YES for {@value #ALLOWED}, NO for {@value #DENIED}), starts the bus and polkitd, and takes it
 * all away again afterwards. Only a loop device attached here is ever switched.
 *
 * <p>With {@code -Delevator.e2e.installed=true} it tests the installed package instead: the
 * package's own policy and helper at its real path, and {@code /usr/bin/elevator} as a user runs it
 * ({@code src/test/scripts/deb-e2e.sh} does this after {@code apt-get install}).
 */
class PkexecEndToEndIT {
    private static final Path SCRIPT = Path.of(System.getProperty("basedir", ""))
            .resolve("src/test/scripts/polkit-e2e.sh").toAbsolutePath();
    private static final String PKEXEC = "/usr/bin/pkexec";
    private static final String HELPER = HelperLocator.INSTALLED.toString();
    private static final String ALLOWED = "elevator-allowed";
    private static final String DENIED = "elevator-denied";
    /** Each call is also wrapped in {@code timeout 60}; this is the backstop. */
    private static final Duration LIMIT = Duration.ofSeconds(90);
    private static final boolean INSTALLED = Boolean.getBoolean("elevator.e2e.installed");

    private static Path state;
    private static Path home;
    private LoopDevice loop;

    @BeforeAll
    static void startBusAndPolkit() throws IOException {
        Require.root();
        Require.command(PKEXEC);
        Require.command("/usr/bin/dbus-daemon");
        Require.command("/usr/lib/polkit-1/polkitd");
        Require.that(Files.isRegularFile(SCRIPT), SCRIPT + " is missing");
        Result up;
        if (INSTALLED) {
            Require.that(Files.isExecutable(Path.of(HELPER)) && Files.isExecutable(Path.of("/usr/bin/elevator")),
                    "elevator.e2e.installed is set, but the package is not installed");
            state = Files.createTempDirectory(Path.of("/tmp"), "elevator-polkit-e2e-");
            up = run("bash", SCRIPT.toString(), "up-installed", state.toString());
        } else {
            String built = System.getProperty("elevator.home");
            Require.that(built != null && Files.isExecutable(Path.of(built, "bin/elevator")),
                    "elevator.home must point at a built Elevator (bin/elevator); run after 'package'");
            state = Files.createTempDirectory(Path.of("/tmp"), "elevator-polkit-e2e-");
            up = run("bash", SCRIPT.toString(), "up", Path.of(built).toAbsolutePath().toString(), state.toString());
        }
        assertEquals(0, up.code(), () -> "polkit-e2e.sh up failed\n" + up);
        home = Path.of(up.lastLine());
        assertTrue(Files.isExecutable(home.resolve("bin/elevator")), () -> "no copied home in the output of up\n" + up);
    }

    @AfterAll
    static void stopBusAndPolkit() throws IOException {
        if (state == null) return;
        Result down = run("bash", SCRIPT.toString(), "down", state.toString());
        assertEquals(0, down.code(), () -> "polkit-e2e.sh down failed; what is left to undo is listed in "
                + state.resolve("undo") + "\n" + down);
        deleteTree(state);
        state = null;
    }

    @BeforeEach
    void attachLoopDevice() throws IOException {
        loop = LoopDevice.attach(64);
        String offered = Files.readString(loop.sysfsScheduler(), StandardCharsets.US_ASCII);
        Require.that(offered.contains("bfq") && offered.contains("kyber") && offered.contains("mq-deadline"),
                loop.name() + " offers only " + offered.strip() + "; the test needs mq-deadline, kyber and bfq");
        loop.set("mq-deadline");
    }

    @AfterEach
    void detachLoopDevice() throws IOException {
        if (loop != null) loop.close();
        loop = null;
    }

    @Test
    void allowedUserSwitchesTheSchedulerThroughPkexec() throws IOException {
        Result r = elevatorSet(ALLOWED, "bfq");

        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("[bfq]"), r::toString);
        String after = schedulerLine();
        assertTrue(after.contains("[bfq]"), () -> "sysfs says " + after + "\n" + r);
    }

    @Test
    void deniedUserIsToldSoAndNothingChanges() throws IOException {
        String before = schedulerLine();

        Result r = elevatorSet(DENIED, "kyber");

        assertEquals(1, r.code(), r::toString);
        assertTrue(r.err().contains("Not authorized"), r::toString);
        assertEquals(before, schedulerLine(), r::toString);
    }

    @Test
    void helperRefusesAHostileDeviceNameAndChangesNothing() throws IOException {
        Map<String, String> before = allSchedulers();

        Result r = asUser(ALLOWED, PKEXEC, "--disable-internal-agent", HELPER, "set-scheduler", "../vda", "bfq");

        assertEquals(HelperExit.NO_SUCH_DEVICE.code(), r.code(), r::toString);
        assertEquals(before, allSchedulers(), r::toString);
    }

    /** Installed: the command on the PATH finds its helper by itself. Built: pointed at the installed wrapper. */
    private Result elevatorSet(String user, String scheduler) throws IOException {
        if (INSTALLED) return asUser(user, "/usr/bin/elevator", "set", loop.name(), scheduler);
        return asUser(user, "env", "ELEVATOR_HELPER=" + HELPER, home.resolve("bin/elevator").toString(),
                "set", loop.name(), scheduler);
    }

    private String schedulerLine() throws IOException {
        return Files.readString(loop.sysfsScheduler(), StandardCharsets.US_ASCII).strip();
    }

    /** Every block device's scheduler line, by device name. */
    private static Map<String, String> allSchedulers() throws IOException {
        Map<String, String> lines = new TreeMap<>();
        try (Stream<Path> devices = Files.list(Path.of("/sys/block"))) {
            for (Path device : (Iterable<Path>) devices::iterator) {
                Path scheduler = device.resolve("queue/scheduler");
                if (Files.isReadable(scheduler)) {
                    lines.put(device.getFileName().toString(), Files.readString(scheduler, StandardCharsets.US_ASCII).strip());
                }
            }
        }
        return lines;
    }

    private static Result asUser(String user, String... command) throws IOException {
        List<String> argv = new ArrayList<>(List.of("timeout", "60", "runuser", "-u", user, "--"));
        argv.addAll(List.of(command));
        return run(argv.toArray(String[]::new));
    }

    /**
     * Runs an argument vector from / with stdin from /dev/null. Output goes to files rather than
     * pipes, so a daemon that a command leaves running cannot keep the call from returning.
     */
    private static Result run(String... argv) throws IOException {
        Path out = Files.createTempFile("elevator-e2e-", ".out");
        Path err = Files.createTempFile("elevator-e2e-", ".err");
        try {
            Process p = new ProcessBuilder(argv)
                    .directory(new File("/"))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            boolean finished;
            try {
                finished = p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted: " + String.join(" ", argv));
            }
            if (!finished) p.destroyForcibly();
            String errText = Files.readString(err) + (finished ? "" : "\n(killed after " + LIMIT.toSeconds() + " s)");
            return new Result(String.join(" ", argv), finished ? p.exitValue() : -1, Files.readString(out), errText);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    private record Result(String command, int code, String out, String err) {
        String lastLine() {
            String[] lines = out.strip().split("\n");
            return lines[lines.length - 1].strip();
        }

        @Override
        public String toString() {
            return "$ " + command + "\nexit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
