package io.github.elevator.it;

import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.PolkitHarness;
import io.github.elevator.testing.PolkitHarness.Result;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit attached gdb to the window's JVM as the same user, ran a command in it, and from there
 * pkexec with the cached authorization. The window's and the CLI's JVMs are not dumpable: as the
 * same user, gdb cannot attach, and /proc/PID/mem and environ are root's. A plain program of that
 * user is attached to all the same, so the refusal is Elevator's doing, not this kernel's.
 */
class SameUserAttachIT {
    private static final String USER = "nobody";
    private final List<Process> started = new ArrayList<>();
    private Path scratch;

    @BeforeEach
    void needs() throws IOException {
        Require.root();
        Require.command("/usr/bin/gdb");
        String home = System.getProperty("elevator.home");
        Require.that(home != null && Files.isExecutable(Path.of(home, "bin/elevator")), "elevator.home must point at a built Elevator");
        scratch = Files.createTempDirectory(Path.of("/tmp"), "elevator-attach-");
        Files.setPosixFilePermissions(scratch, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    @AfterEach
    void endThem() throws Exception {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (scratch != null) PolkitHarness.deleteTree(scratch);
    }

    @Test
    void gdbAsTheSameUserCannotAttachToTheWindow() throws Exception {
        XServer.require();
        long pid = startAsUser(System.getProperty("elevator.home") + "/bin/elevator", "DISPLAY=" + System.getenv("DISPLAY"));
        Thread.sleep(3000); // the window is up, its threads and the cached authorization's pipes with it
        assertRefused(pid);
    }

    @Test
    void gdbAsTheSameUserCannotAttachToTheCommandLine() throws Exception {
        Path fifo = scratch.resolve("profile");
        LoopDevice.run("mkfifo", "-m", "666", fifo.toString());
        // reads its profile from standard input, a FIFO opened read-write so that no end of it ever comes: a JVM running a command
        // (a FIFO named as the file is refused before it is read)
        long pid = startAsUser(System.getProperty("elevator.home") + "/bin/elevator rules import - --dry-run <>" + fifo, "");
        assertRefused(pid);
    }

    private void assertRefused(long pid) throws IOException {
        Result control = asUserWithSleep();
        assertTrue(control.out().contains("$1 = 1"), () -> "gdb attaches to a plain program of the same user here\n" + control);

        Result gdb = PolkitHarness.asUser(USER, 60, "gdb", "-p", Long.toString(pid), "-batch", "-ex", "call (int) getpid()");
        assertTrue(gdb.out().contains("ptrace: Operation not permitted") || gdb.err().contains("ptrace: Operation not permitted"),
                gdb::toString);
        Result environ = PolkitHarness.asUser(USER, "cat", "/proc/" + pid + "/environ");
        assertNotEquals(0, environ.code(), environ::toString);
        assertTrue(environ.err().contains("Permission denied"), environ::toString);
        assertEquals("root 600", LoopDevice.run("stat", "-c", "%U %a", "/proc/" + pid + "/mem").strip());
        assertEquals(USER, LoopDevice.run("ps", "-o", "user=", "-p", Long.toString(pid)).strip(), "it is the user's own JVM");
    }

    private Result asUserWithSleep() throws IOException {
        return PolkitHarness.asUser(USER, 60, "bash", "-c", "sleep 30 & s=$!; sleep 0.2; gdb -p $s -batch -ex 'print 1' 2>&1; kill $s");
    }

    /** Starts {@code command} as the user and returns the pid of its JVM, once there is one. */
    private long startAsUser(String command, String env) throws Exception {
        Process p = new ProcessBuilder("runuser", "-u", USER, "--", "bash", "-c", "cd " + scratch + "; exec env HOME=" + scratch + " " + env + " " + command)
                .directory(new File("/")).redirectErrorStream(true).redirectOutput(scratch.resolve("out").toFile()).start();
        started.add(p);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < end) {
            Optional<ProcessHandle> jvm = p.descendants().filter(h -> h.info().command().orElse("").endsWith("/java")).findFirst();
            if (jvm.isPresent()) {
                Thread.sleep(2000); // past Launcher's first lines
                return jvm.get().pid();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no JVM came up:\n" + Files.readString(scratch.resolve("out")));
    }
}
