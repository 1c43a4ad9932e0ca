package io.github.elevator.it;

import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.VerbInProgress;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The root helper's JVM, as its launcher starts it for a real benchmark session, has exactly the
 * helper module's jar, the protocol's and JNA's on its class path (none of the window's: no
 * JavaFX, Gson, picocli or HdrHistogram), has opened no other jar, and got no class path or JVM
 * options from the environment.
 */
class HelperClassPathIT {
    private static final Set<String> JARS = Set.of("elevator-helper.jar", "elevator-protocol.jar", "jna.jar");

    @Test
    void aSessionRunsOnTheHelpersThreeJarsAlone() throws Exception {
        Require.root();
        try (LoopDevice loop = LoopDevice.attach(16)) {
            BlockingQueue<String> events = new LinkedBlockingQueue<>();
            VerbInProgress helper = new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true)
                    .start(List.of("benchmark", loop.name()), events::add);
            try {
                String ready = events.poll(30, TimeUnit.SECONDS);
                assertTrue(ready != null && ready.contains("\"type\":\"ready\""), "the session is ready: " + ready + " " + helper.stderr());
                long pid = javaOf(loop.name());
                List<String> argv = argv(pid);

                String classPath = argv.get(argv.indexOf("-cp") + 1);
                Path lib = Installed.home().resolve("lib/helper").toRealPath();
                Set<String> names = new TreeSet<>();
                for (String entry : classPath.split(":")) {
                    Path jar = Path.of(entry).toRealPath();
                    assertEquals(lib, jar.getParent(), entry);
                    names.add(jar.getFileName().toString());
                }
                assertEquals(new TreeSet<>(JARS), names, classPath);
                assertEquals(1, argv.stream().filter(a -> a.equals("-cp") || a.equals("-classpath") || a.startsWith("--class-path")).count(), argv::toString);
                try (Stream<Path> present = Files.list(lib)) {
                    assertEquals(JARS, Set.copyOf(present.map(p -> p.getFileName().toString()).toList()), "lib/helper holds the three jars alone");
                }

                for (String open : openJars(pid)) assertTrue(JARS.contains(Path.of(open).getFileName().toString()) && open.startsWith(lib.toString()), open);
                String environ = Files.readString(Path.of("/proc/" + pid + "/environ"), StandardCharsets.ISO_8859_1);
                for (String variable : List.of("CLASSPATH=", "JAVA_TOOL_OPTIONS=", "JDK_JAVA_OPTIONS=", "_JAVA_OPTIONS=")) {
                    assertFalse(("\0" + environ).contains("\0" + variable), variable + " reached the helper");
                }
            } finally {
                helper.send("end");
                assertEquals(0, helper.waitForExit(30), helper.stderr());
            }
        }
    }

    /** The helper's java process for a session on {@code device}. */
    private static long javaOf(String device) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                if (!p.getFileName().toString().matches("[0-9]+")) continue;
                List<String> argv;
                try {
                    argv = argv(Long.parseLong(p.getFileName().toString()));
                } catch (IOException gone) {
                    continue;
                }
                int main = argv.indexOf("io.github.elevator.helper.ElevatorHelper");
                if (!argv.isEmpty() && argv.get(0).endsWith("/java") && main > 0 && argv.subList(main + 1, argv.size()).equals(List.of("benchmark", device))) {
                    return Long.parseLong(p.getFileName().toString());
                }
            }
        }
        throw new AssertionError("no helper JVM for " + device);
    }

    private static List<String> argv(long pid) throws IOException {
        String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"), StandardCharsets.ISO_8859_1);
        return cmdline.isEmpty() ? List.of() : List.of(cmdline.split("\0"));
    }

    /** Every jar the process has open or mapped. */
    private static Set<String> openJars(long pid) throws IOException {
        Set<String> jars = new TreeSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.endsWith(".jar")) jars.add(target);
                } catch (IOException closedMeanwhile) {
                    // not open any more
                }
            }
        }
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/maps"))) if (line.endsWith(".jar")) jars.add(line.substring(line.indexOf('/')));
        assertFalse(jars.isEmpty(), "the helper has its jars open");
        return jars;
    }
}
