package io.github.elevator.testing;

import io.github.elevator.privilege.HelperLocator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real system bus and polkitd with Elevator's policy and helper, for tests that run the privilege
 * path as unprivileged users: {@code src/test/scripts/polkit-e2e.sh} installs the policy, a helper
 * wrapper at the policy's path and test-only rules (YES for {@value #ALLOWED}, NO for
 * {@value #DENIED}), starts the bus and polkitd, and {@link #close()} takes all of it away again.
 * <p>
 * With {@code -Delevator.e2e.installed=true} it uses the installed package instead: its own policy
 * and helper at its real path ({@code src/test/scripts/deb-e2e.sh} does this after {@code apt-get install}).
 */
public final class PolkitHarness implements AutoCloseable {
    /** One harness for all tests of a class: {@code @RegisterExtension static final PolkitHarness.PerClass POLKIT = new PolkitHarness.PerClass();}. */
    public static final class PerClass implements BeforeAllCallback, AfterAllCallback {
        private PolkitHarness harness;

        @Override
        public void beforeAll(ExtensionContext context) throws IOException {
            harness = up();
        }

        @Override
        public void afterAll(ExtensionContext context) throws IOException {
            if (harness != null) harness.close();
            harness = null;
        }

        public PolkitHarness get() {
            return harness;
        }
    }

    public static final String PKEXEC = "/usr/bin/pkexec";
    public static final String HELPER = HelperLocator.INSTALLED.toString();
    public static final String RULES_HELPER = HelperLocator.rulesBeside(HelperLocator.INSTALLED).toString();
    public static final String ALLOWED = "elevator-allowed";
    public static final String DENIED = "elevator-denied";
    public static final boolean INSTALLED = Boolean.getBoolean("elevator.e2e.installed");
    private static final Path SCRIPT = Path.of(System.getProperty("basedir", ""))
            .resolve("src/test/scripts/polkit-e2e.sh").toAbsolutePath();
    /** Each user's call is also wrapped in {@code timeout}; this is the backstop. */
    private static final Duration LIMIT = Duration.ofSeconds(240);

    private final Path state;
    private final Path home;

    private PolkitHarness(Path state, Path home) {
        this.state = state;
        this.home = home;
    }

    /** Skips (with the reason) where the parts are missing; fails when they are there and do not come up. */
    public static PolkitHarness up() throws IOException {
        Require.root();
        Require.command(PKEXEC);
        Require.command("/usr/bin/dbus-daemon");
        Require.command("/usr/lib/polkit-1/polkitd");
        Require.that(Files.isRegularFile(SCRIPT), SCRIPT + " is missing");
        Result up;
        Path state;
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
        PolkitHarness harness = new PolkitHarness(state, Path.of(up.lastLine()));
        if (up.code() != 0 || !Files.isExecutable(harness.home.resolve("bin/elevator"))) {
            harness.close();
            throw new AssertionError("polkit-e2e.sh up failed\n" + up);
        }
        return harness;
    }

    /** The Elevator every user can run: a copy of the build, or the installed one. */
    public Path home() {
        return home;
    }

    /** The {@code elevator} command a user runs. */
    public String elevator() {
        return INSTALLED ? "/usr/bin/elevator" : home.resolve("bin/elevator").toString();
    }

    @Override
    public void close() throws IOException {
        Result down = run("bash", SCRIPT.toString(), "down", state.toString());
        assertEquals(0, down.code(), () -> "polkit-e2e.sh down failed; what is left to undo is listed in "
                + state.resolve("undo") + "\n" + down);
        deleteTree(state);
    }

    /** {@code command} as {@code user}, ended after {@code seconds}. */
    public static Result asUser(String user, int seconds, String... command) throws IOException {
        List<String> argv = new ArrayList<>(List.of("timeout", Integer.toString(seconds), "runuser", "-u", user, "--"));
        argv.addAll(List.of(command));
        return run(argv.toArray(String[]::new));
    }

    public static Result asUser(String user, String... command) throws IOException {
        return asUser(user, 60, command);
    }

    /**
     * Runs an argument vector from / with stdin from /dev/null. Output goes to files rather than
     * pipes, so a daemon that a command leaves running cannot keep the call from returning.
     */
    public static Result run(String... argv) throws IOException {
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
            long start = System.nanoTime();
            try {
                finished = p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted: " + String.join(" ", argv));
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (!finished) p.destroyForcibly();
            String errText = Files.readString(err) + (finished ? "" : "\n(killed after " + LIMIT.toSeconds() + " s)");
            return new Result(String.join(" ", argv), finished ? p.exitValue() : -1, Files.readString(out), errText, millis);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    /** What a command did, and how long it took. */
    public record Result(String command, int code, String out, String err, long millis) {
        public String lastLine() {
            String[] lines = out.strip().split("\n");
            return lines[lines.length - 1].strip();
        }

        @Override
        public String toString() {
            return "$ " + command + "\nexit " + code + " after " + millis + " ms\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }
}
