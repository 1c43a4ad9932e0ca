package io.github.elevator.it;

import io.github.elevator.helper.HelperExit;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The root helper's benchmark session on real loop devices, as root: one holder per device, and
 * every way a session can end puts the original scheduler back, or leaves a record the next helper
 * acts on; a scheduler the user chose since is never undone. Runs the real launcher (its JVM flags,
 * its cleared environment).
 */
class HelperSessionIT {
    private static final Path RECORDS = Path.of("/run/elevator");

    private LoopDevice loop;

    @BeforeEach
    void attach() throws IOException {
        Require.root();
        loop = LoopDevice.attach(64);
        loop.set("none");
    }

    @AfterEach
    void detach() throws IOException {
        if (loop != null) loop.close();
    }

    /** A session started by this JVM; its stdout is read only when a test asks. */
    private final class Session implements AutoCloseable {
        final Process process;
        final BufferedReader out;
        final OutputStream in;

        Session(String device, String... launcher) throws IOException {
            List<String> argv = new java.util.ArrayList<>(List.of(launcher));
            argv.add(Installed.home().resolve("bin/elevator-helper").toString());
            argv.addAll(List.of("benchmark", device));
            process = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = process.getOutputStream();
        }

        void send(String line) throws IOException {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        /** Reads events until one of this type; fails when the stream ends first. */
        String await(String type) throws IOException {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.contains("\"type\":\"" + type + "\"")) return line;
            }
            throw new AssertionError("the session ended before a " + type + " event");
        }

        int exit(int seconds) throws InterruptedException {
            assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the helper ended within " + seconds + " s");
            return process.exitValue();
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    /** A session that switched the device and was then killed outright (SIGKILL): nothing of it restores. */
    private void killSessionOn(String scheduler) throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch " + scheduler);
            s.await("switched");
            s.process.destroyForcibly();
            s.exit(10);
        }
    }

    /** Ends a session well: the original (none) is back, the record gone. */
    private void endsOnTheOriginal(Session s) throws Exception {
        s.send("end");
        assertTrue(s.await("restored").contains("\"scheduler\":\"none\""));
        assertEquals(0, s.exit(10));
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()), "the record goes once the original is back");
    }

    private Path record() {
        return RECORDS.resolve(loop.name() + ".json");
    }

    @Test
    void aSessionSwitchesReadsAndPutsTheOriginalBackAtTheEnd() throws Exception {
        try (Session s = new Session(loop.name())) {
            assertTrue(s.await("ready").contains("\"originalScheduler\":\"none\""));
            s.send("switch kyber");
            s.await("switched");
            assertEquals("kyber", loop.active());
            assertTrue(Files.readString(record()).contains("\"currentScheduler\":\"kyber\""), "root keeps a record while switched");
            s.send("read rand-read-qd32 0.3");
            String run = s.await("run");
            assertTrue(run.contains("\"scheduler\":\"kyber\"") && run.contains("\"engine\":\"io_uring\""), run);
            s.send("read small-files 1");
            assertTrue(s.await("refused").contains("not a raw read workload"));
            endsOnTheOriginal(s);
        }
    }

    @Test
    void aLoadRunsThroughSwitchesAndIsMeasuredInSlicesOnTheSchedulerOfTheMoment() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("measure 0.1");
            assertTrue(s.await("refused").contains("no load is running"));
            s.send("load small-files");
            assertTrue(s.await("refused").contains("not a raw read workload to keep running"));
            s.send("load rand-read");
            assertTrue(s.await("loaded").contains("\"workload\":\"rand-read\""));
            s.send("measure 0.01");
            assertTrue(s.await("refused").contains("seconds must be from 0.02"));
            for (String scheduler : List.of("kyber", "mq-deadline", "kyber")) {
                s.send("switch " + scheduler);
                s.await("switched");
                assertEquals(scheduler, loop.active());
                s.send("measure 0.1");
                String slice = s.await("run");
                assertTrue(slice.contains("\"scheduler\":\"" + scheduler + "\"") && slice.contains("\"workload\":\"rand-read\""), slice);
                assertFalse(slice.contains("\"iops\":0.0"), "the load kept reading through the switch: " + slice);
            }
            endsOnTheOriginal(s);
        }
    }

    @Test
    void endOfInputWhileALoadRunsStopsItAndRestores() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq");
            s.await("switched");
            s.send("load rand-read-qd32");
            s.await("loaded");
            s.in.close();
            assertTrue(s.await("restored").contains("\"scheduler\":\"none\""));
            s.exit(10);
        }
        assertEquals("none", loop.active());
    }

    @Test
    void endOfInputDuringARunRestores() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq");
            s.await("switched");
            s.send("read rand-read 20");
            s.await("sample");
            s.in.close();
            s.exit(10);
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void sigtermRestores() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch mq-deadline");
            s.await("switched");
            s.send("read rand-read 20");
            s.await("sample");
            s.process.destroy();
            assertEquals(143, s.exit(10));
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void aSecondHolderIsRefusedAndASwitchDuringASessionToo() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch kyber");
            s.await("switched");
            Installed.Result second = Installed.run("elevator-helper", "benchmark", loop.name());
            assertEquals(HelperExit.DEVICE_BUSY.code(), second.exit(), second.err());
            assertTrue(second.err().contains(loop.name() + " is being benchmarked by another Elevator (pid "), second.err());
            Installed.Result set = Installed.run("elevator", "set", loop.name(), "bfq");
            assertEquals(1, set.exit(), set.err());
            assertTrue(set.err().contains("is being benchmarked by another Elevator"), set.err());
            assertEquals("kyber", loop.active(), "nothing changed under the running session");
            s.send("end");
            s.exit(10);
        }
        assertEquals("none", loop.active());
    }

    @Test
    void aKilledSessionIsUndoneByTheNextHelperAndSaysSo() throws Exception {
        killSessionOn("kyber");
        assertEquals("kyber", loop.active(), "SIGKILL leaves the temporary scheduler");
        assertTrue(Files.exists(record()));
        Installed.Result list = Installed.run("elevator", "list");
        assertTrue(list.err().contains(loop.name() + " was left on kyber by a benchmark that stopped"), "any command says so: " + list.err());
        Installed.Result left = Installed.run("elevator", "restore");
        assertEquals(0, left.exit(), left.err());
        assertTrue(left.out().contains(loop.name() + " was left on kyber by a benchmark that stopped"), left.out());
        assertTrue(left.out().contains(loop.name() + ": put back none."), left.out());
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void killedSessionsOnTwoDevicesAreBothUndone() throws Exception {
        try (LoopDevice other = LoopDevice.attach(64); Session a = new Session(loop.name()); Session b = new Session(other.name())) {
            other.set("mq-deadline");
            a.await("ready");
            b.await("ready");
            a.send("switch bfq");
            b.send("switch kyber");
            a.await("switched");
            b.await("switched");
            a.process.destroyForcibly();
            b.process.destroyForcibly();
            a.exit(10);
            b.exit(10);
            Installed.Result any = Installed.run("elevator-helper", "restore");
            assertEquals(0, any.exit(), any.err());
            assertEquals("none", loop.active());
            assertEquals("mq-deadline", other.active());
        }
    }

    @Test
    void aSwitchMadeAfterAKilledSessionIsNeverUndone() throws Exception {
        killSessionOn("bfq");
        Installed.Result set = Installed.run("elevator", "set", loop.name(), "kyber");
        assertEquals(0, set.exit(), set.err());
        assertEquals("kyber", loop.active());
        assertEquals(0, Installed.run("elevator", "restore").exit());
        assertEquals("kyber", loop.active(), "the user's choice stands");

        killSessionOn("bfq");
        loop.set("mq-deadline"); // by hand, as root, after the session died
        Installed.Result restore = Installed.run("elevator-helper", "restore");
        assertTrue(restore.out().contains("it was changed after the benchmark stopped"), restore.out());
        assertEquals("mq-deadline", loop.active(), "a change made by hand is left alone");
        assertFalse(Files.exists(record()));
    }

    private Path iosched(String name) {
        return loop.sysfsScheduler().resolveSibling("iosched").resolve(name);
    }

    private String setting(String name) throws IOException {
        return Files.readString(iosched(name)).trim();
    }

    @Test
    void aVariantHoldsForItsSlotOnlyAndTheOriginalsOwnSettingsComeBack() throws Exception {
        loop.set("bfq");
        Files.writeString(iosched("low_latency"), "0"); // the user's own choice, before the benchmark
        String defaultSliceIdle = setting("slice_idle");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq slice_idle=0");
            assertTrue(s.await("switched").contains("\"scheduler\":\"bfq slice_idle=0\""));
            assertEquals("0", setting("slice_idle"));
            assertEquals("0", setting("low_latency"), "what the variant does not name stays as it is");
            assertTrue(Files.exists(record()), "root keeps a record before it changes a setting in place");
            s.send("switch bfq");
            s.await("switched");
            assertEquals(defaultSliceIdle, setting("slice_idle"), "the plain scheduler's slot runs without the variant's setting");
            s.send("switch kyber read_lat_nsec=1000000");
            s.await("switched");
            assertEquals("1000000", Files.readString(iosched("read_lat_nsec")).trim());
            s.send("switch bfq low_latency=1");
            s.await("switched");
            assertEquals("1", setting("low_latency"));
            s.send("end");
            assertTrue(s.await("restored").contains("\"scheduler\":\"bfq\""));
            assertEquals(0, s.exit(10));
        }
        assertEquals("bfq", loop.active());
        assertEquals("0", setting("low_latency"), "the original scheduler's own settings are written back after the switches reset them");
        assertEquals(defaultSliceIdle, setting("slice_idle"));
        assertFalse(Files.exists(record()));
    }

    @Test
    void aVariantTheDeviceCannotTakeIsRefusedAndLeavesTheDeviceAsItWas() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            for (String hostile : List.of("switch kyber low_latency=0", "switch bfq ../scheduler=1", "switch bfq low_latency=-1", "switch bfq low_latency=1 low_latency=0",
                    "switch bfq  low_latency=0", "switch bfq iosched/../../scheduler=1", "switch bfq slice_idle=99999999999")) {
                s.send(hostile);
                s.await("refused");
                assertEquals("none", loop.active(), hostile);
            }
            s.send("end");
            s.await("restored");
            assertEquals(0, s.exit(10));
        }
        assertFalse(Files.exists(record()));
    }

    @Test
    void aSessionKilledInAVariantOfTheOriginalIsUndoneSettingsIncluded() throws Exception {
        loop.set("bfq");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq low_latency=0");
            s.await("switched");
            s.process.destroyForcibly();
            s.exit(10);
        }
        assertEquals("0", setting("low_latency"), "SIGKILL leaves the variant's setting");
        Installed.Result restore = Installed.run("elevator-helper", "restore");
        assertEquals(0, restore.exit(), restore.err());
        assertEquals("1", setting("low_latency"), restore.out());
        assertEquals("bfq", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void aCallerThatStopsReadingCannotHoldTheDevice() throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch kyber");
            s.await("switched");
            // thousands of answers that nobody reads: the pipe fills, the helper gives up on its caller
            StringBuilder garbage = new StringBuilder();
            for (int i = 0; i < 4000; i++) garbage.append("nonsense ").append(i).append('\n');
            s.in.write(garbage.toString().getBytes(StandardCharsets.US_ASCII));
            s.in.flush();
            assertEquals(HelperExit.CANCELLED.code(), s.exit(60));
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void aHelperWhoseParentIsKilledRestoresWithinSeconds(@TempDir Path dir) throws Exception {
        // the helper's parent is a shell; this JVM keeps the helper's stdin open and never reads its output
        Path pid = dir.resolve("parent.pid");
        try (Session s = new Session(loop.name(), "sh", "-c", "echo $$ > " + pid + "; \"$@\"; true", "sh")) {
            s.send("switch bfq");
            s.send("read rand-read 30");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!loop.active().equals("bfq") && System.nanoTime() < until) Thread.sleep(50);
            assertEquals("bfq", loop.active());
            LoopDevice.run("kill", "-KILL", Files.readString(pid).strip());
            long killed = System.nanoTime();
            while (!loop.active().equals("none") && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(5)) Thread.sleep(20);
            assertEquals("none", loop.active(), "restored within 5 s of the parent's death");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Files.exists(record()) && System.nanoTime() < end) Thread.sleep(20);
            assertFalse(Files.exists(record()));
        }
    }

    @Test
    void theHelperNeverLoadsANativeLibraryFromTheCallersFolders(@TempDir Path cache) throws Exception {
        Installed.Result r = Installed.runWithEnv(List.of("XDG_CACHE_HOME=" + cache, "JAVA_TOOL_OPTIONS=-Djna.nounpack=false",
                "TMPDIR=" + cache), "elevator-helper", "benchmark", loop.name());
        assertEquals(HelperExit.CANCELLED.code(), r.exit(), "input closed at once: " + r.err());
        assertTrue(r.out().contains("\"rand-read-qd32\":\"io_uring\""), "JNA loads from the installed layout: " + r.out());
        try (var left = Files.list(cache)) {
            assertEquals(List.of(), left.toList(), "nothing unpacked into the caller's folders");
        }
    }
}
