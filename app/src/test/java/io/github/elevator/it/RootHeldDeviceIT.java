package io.github.elevator.it;

import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.protocol.HelperExit;
import io.github.elevator.protocol.ProcessStat;
import io.github.elevator.protocol.DeviceDescriptor;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.RootHeldDevice;
import io.github.elevator.privilege.VerbInProgress;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The root helper's benchmark session on real loop devices, as root: one holder per device, and
 * every way a session can end puts the original scheduler back, or leaves a record the next helper
 * acts on; a scheduler the user chose since is never undone. The helper hands the device over and
 * runs no reads: the reads run in this JVM, as in the app. Runs the real launcher (its JVM flags,
 * its cleared environment), started as the app starts it (a Unix socket as its standard input).
 */
class RootHeldDeviceIT {
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

    private static Path helperPath() {
        return Installed.home().resolve("bin/elevator-helper");
    }

    /** A session started by this JVM as the app starts one; its event lines are kept until a test asks. */
    private final class Session implements AutoCloseable {
        final VerbInProgress helper;
        final BlockingQueue<String> out = new LinkedBlockingQueue<>();
        /** Counted down at the end; while {@link #stopReading} is set, the helper's output is no longer read. */
        final CountDownLatch closed = new CountDownLatch(1);
        volatile boolean stopReading;

        /** {@code launcher}: a program and its arguments that end by running the helper's command line given after them. */
        Session(String device, String... launcher) throws Exception {
            List<String> args = new ArrayList<>(List.of(launcher));
            Path program = helperPath();
            if (!args.isEmpty()) {
                program = Path.of(args.remove(0));
                args.add(helperPath().toString());
            }
            args.addAll(List.of("benchmark", device));
            helper = new HelperRunner(program, true).start(args, line -> {
                while (stopReading && closed.getCount() > 0) {
                    try {
                        closed.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                out.add(line);
            });
        }

        void send(String line) {
            assertTrue(helper.send(line), "the helper takes " + line);
        }

        /** Reads events until one of this type; fails when the helper ends first. */
        String await(String type) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < end) {
                String line = out.poll(100, TimeUnit.MILLISECONDS);
                if (line != null && line.contains("\"type\":\"" + type + "\"")) return line;
                if (line == null && !helper.alive() && out.isEmpty()) break;
            }
            throw new AssertionError("no " + type + " event; the helper said: " + helper.stderr());
        }

        int exit(int seconds) throws InterruptedException {
            int code = helper.waitForExit(seconds);
            assertTrue(code >= 0, "the helper ended within " + seconds + " s");
            return code;
        }

        void kill() throws IOException {
            LoopDevice.run("kill", "-KILL", Long.toString(helper.pid()));
        }

        @Override
        public void close() throws Exception {
            closed.countDown();
            if (helper.alive()) kill();
            helper.waitForExit(10);
        }
    }

    /** A session that switched the device and was then killed outright (SIGKILL): nothing of it restores. */
    private void killSessionOn(String scheduler) throws Exception {
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch " + scheduler);
            s.await("switched");
            s.kill();
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
    void aSessionHandsTheDeviceOverSwitchesAndPutsTheOriginalBackAtTheEnd() throws Exception {
        try (Session s = new Session(loop.name())) {
            assertTrue(s.await("ready").contains("\"originalScheduler\":\"none\""));
            try (DeviceDescriptor device = s.helper.receiveDescriptor()) {
                device.requireDevice(deviceNumber(), "the handed-over descriptor");
                assertEquals("/dev/" + loop.name(), Files.readSymbolicLink(Path.of("/proc/self/fd/" + device.fd())).toString());
                assertTrue((device.statusFlags() & 0_2_000_000) != 0, "close-on-exec in this process: nothing it starts inherits it");
                assertEquals(List.of(), descriptorsOfTheDevice(s.helper.pid()), "the helper keeps no copy");
            }
            s.send("switch kyber");
            s.await("switched");
            assertEquals("kyber", loop.active());
            assertTrue(Files.readString(record()).contains("\"currentScheduler\":\"kyber\""), "root keeps a record while switched");
            for (String read : List.of("read rand-read-qd32 0.3", "load rand-read", "measure 0.1")) {
                s.send(read);
                assertTrue(s.await("refused").contains("not a command"), "the helper runs no reads: " + read);
            }
            endsOnTheOriginal(s);
        }
    }

    /**
     * The point of the design, checked where it would fail with the old one (reads in the helper):
     * during a measured slice this JVM holds the device open O_DIRECT and read it, and the helper's
     * process (every thread of it) read nothing from any disk and holds no descriptor of it.
     */
    @Test
    void duringABenchmarkTheAppReadsTheDeviceAndTheHelperRunsNoReads() throws Exception {
        try (RootHeldDevice session = RootHeldDevice.open(new HelperRunner(helperPath(), true), loop.name())) {
            long helper = helperPid();
            List<Integer> ours = descriptorsOfTheDevice(ProcessHandle.current().pid());
            assertEquals(1, ours.size(), "this JVM holds the device once: " + ours);
            int flags = Integer.parseInt(Files.readAllLines(Path.of("/proc/self/fdinfo/" + ours.get(0))).stream()
                    .filter(l -> l.startsWith("flags:")).findFirst().orElseThrow().substring(6).strip(), 8);
            assertEquals(0, flags & 03, "read-only");
            assertTrue((flags & 040000) != 0, "O_DIRECT");
            assertEquals("io_uring", session.ready().engines().get("rand-read-qd32"));
            session.load("rand-read-qd32");
            session.switchTo("kyber");
            Map<String, Long> helperBefore = io(helper);
            Map<String, Long> oursBefore = io(ProcessHandle.current().pid());
            RunResult slice = session.measure(1.0);
            Map<String, Long> helperAfter = io(helper);
            Map<String, Long> oursAfter = io(ProcessHandle.current().pid());
            long read = (long) (slice.iops() * slice.seconds() * 4096);
            assertTrue(slice.iops() > 0 && "kyber".equals(slice.scheduler()), slice.toString());
            assertTrue(oursAfter.get("read_bytes") - oursBefore.get("read_bytes") >= read / 2,
                    "this JVM read the device: " + oursBefore + " -> " + oursAfter + " for " + slice);
            assertEquals(helperBefore.get("read_bytes"), helperAfter.get("read_bytes"), "the helper read nothing from a disk during the slice");
            assertEquals(List.of(), descriptorsOfTheDevice(helper), "the helper holds no descriptor of the device");
            assertEquals("kyber", loop.active());
        }
        assertEquals("none", loop.active());
        assertEquals(List.of(), descriptorsOfTheDevice(ProcessHandle.current().pid()), "the session let go of the device");
    }

    @Test
    void aLoadRunsThroughSwitchesAndIsMeasuredInSlicesOnTheSchedulerOfTheMoment() throws Exception {
        try (RootHeldDevice session = RootHeldDevice.open(new HelperRunner(helperPath(), true), loop.name())) {
            assertTrue(assertThrows(IOException.class, () -> session.measure(0.1)).getMessage().contains("no load is running"));
            assertTrue(assertThrows(IOException.class, () -> session.load("small-files")).getMessage()
                    .contains("not a raw read workload to keep running"));
            session.load("rand-read");
            assertTrue(assertThrows(IOException.class, () -> session.measure(0.01)).getMessage().contains("seconds must be from 0.02"));
            session.load("rand-read");
            for (String scheduler : List.of("kyber", "mq-deadline", "kyber")) {
                session.switchTo(scheduler);
                assertEquals(scheduler, loop.active());
                RunResult slice = session.measure(0.1);
                assertEquals(scheduler, slice.scheduler());
                assertEquals("rand-read", slice.workload());
                assertTrue(slice.iops() > 0, "the load kept reading through the switch: " + slice);
            }
            RunResult run = session.read("seq-read", 0.3, sample -> { });
            assertEquals("seq-read", run.workload());
            assertTrue(run.iops() > 0, run.toString());
            assertEquals("none", session.finish());
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void closingTheSessionWhileALoadRunsStopsItAndRestores() throws Exception {
        Require.kernelBuilds("bfq");
        RootHeldDevice session = RootHeldDevice.open(new HelperRunner(helperPath(), true), loop.name());
        session.switchTo("bfq");
        session.load("rand-read-qd32");
        session.close();
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
        assertEquals(List.of(), descriptorsOfTheDevice(ProcessHandle.current().pid()), "the load stopped and the device was let go");
    }

    @Test
    void endOfInputRestores() throws Exception {
        Require.kernelBuilds("bfq");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq");
            s.await("switched");
            s.helper.closeInput();
            assertTrue(s.await("restored").contains("\"scheduler\":\"none\""));
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
            s.helper.terminate();
            assertEquals(143, s.exit(10));
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void aSecondHolderIsRefusedAndASwitchDuringASessionToo() throws Exception {
        Require.kernelBuilds("bfq");
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

    /**
     * A switch resets the queue's nr_requests to the new scheduler's depth (a loop device on none
     * goes from 64 to 256 under kyber and to 128 back on none): the session puts the device's own
     * value back at its end, and the next helper does after a kill.
     */
    @Test
    void nrRequestsComesBackAfterASessionAndAfterAKill() throws Exception {
        Require.kernelBuilds("bfq");
        Path nrRequests = Path.of("/sys/block", loop.name(), "queue/nr_requests");
        Files.writeString(nrRequests, "64");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch kyber");
            s.await("switched");
            assertEquals("256", Files.readString(nrRequests).strip(), "kyber's own depth while it runs");
            endsOnTheOriginal(s);
        }
        assertEquals("64", Files.readString(nrRequests).strip(), "back after the session");

        killSessionOn("bfq");
        assertEquals("256", Files.readString(nrRequests).strip());
        Installed.Result restore = Installed.run("elevator-helper", "restore");
        assertEquals(0, restore.exit(), restore.err());
        assertEquals("none", loop.active());
        assertEquals("64", Files.readString(nrRequests).strip(), "back after the kill, from the record");
    }

    /**
     * A helper stopped (SIGSTOP) while the device is switched shows no sign of life and nothing
     * continues it: the next restore says so, ends it at once and puts the device and its
     * settings back; and so does the next change, a set.
     */
    @Test
    void aStoppedSessionIsEndedByTheNextRestoreOrSet() throws Exception {
        Path nrRequests = Path.of("/sys/block", loop.name(), "queue/nr_requests");
        Files.writeString(nrRequests, "64");
        for (String next : List.of("restore", "set")) {
            try (Session s = new Session(loop.name())) {
                s.await("ready");
                s.send("switch kyber");
                s.await("switched");
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"holderPid\":([0-9]+)").matcher(Files.readString(record()));
                assertTrue(m.find());
                long holder = Long.parseLong(m.group(1));
                LoopDevice.run("kill", "-STOP", Long.toString(holder));
                Installed.Result r = next.equals("restore") ? Installed.run("elevator", "restore")
                        : Installed.run("elevator", "set", loop.name(), "mq-deadline");
                assertEquals(0, r.exit(), r::toString);
                if (next.equals("restore")) {
                    assertTrue(r.out().contains(loop.name() + " is on kyber, held by an Elevator helper (pid " + holder + ") that is stopped"), r.out());
                    assertEquals("none", loop.active(), r::toString);
                    assertEquals("64", Files.readString(nrRequests).strip(), "its settings too");
                } else {
                    assertEquals("mq-deadline", loop.active(), r::toString);
                }
                assertFalse(Files.exists(record()), r::toString);
                for (int i = 0; i < 50 && Files.exists(Path.of("/proc", Long.toString(holder))); i++) Thread.sleep(100);
                assertFalse(Files.exists(Path.of("/proc", Long.toString(holder))), "the stopped helper is gone");
            }
            loop.set("none");
            Files.writeString(nrRequests, "64");
        }
    }

    @Test
    void killedSessionsOnTwoDevicesAreBothUndone() throws Exception {
        Require.kernelBuilds("bfq");
        try (LoopDevice other = LoopDevice.attach(64); Session a = new Session(loop.name()); Session b = new Session(other.name())) {
            other.set("mq-deadline");
            a.await("ready");
            b.await("ready");
            a.send("switch bfq");
            b.send("switch kyber");
            a.await("switched");
            b.await("switched");
            a.kill();
            b.kill();
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
        Require.kernelBuilds("bfq");
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
        Require.kernelBuilds("bfq");
        loop.set("bfq");
        Files.writeString(iosched("low_latency"), "0"); // the user's own choice, before the benchmark
        String defaultSliceIdle = setting("slice_idle");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq slice_idle=0");
            assertTrue(s.await("switched").contains("\"scheduler\":\"bfq slice_idle=0\""));
            assertEquals("0", setting("slice_idle"));
            assertEquals("1", setting("low_latency"), "what the variant does not name is the kernel's default, not the user's own 0");
            assertTrue(Files.exists(record()), "root keeps a record before it changes a setting in place");
            s.send("switch bfq");
            s.await("switched");
            assertEquals(defaultSliceIdle, setting("slice_idle"), "the plain scheduler's slot runs without the variant's setting");
            assertEquals("1", setting("low_latency"), "and with the kernel's defaults, as every slot");
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
        Require.kernelBuilds("bfq");
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
        Require.kernelBuilds("bfq");
        loop.set("bfq");
        try (Session s = new Session(loop.name())) {
            s.await("ready");
            s.send("switch bfq low_latency=0");
            s.await("switched");
            s.kill();
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
            s.stopReading = true;
            StringBuilder garbage = new StringBuilder();
            for (int i = 0; i < 4000; i++) garbage.append(i == 0 ? "" : "\n").append("nonsense ").append(i);
            s.send(garbage.toString());
            assertEquals(HelperExit.CANCELLED.code(), s.exit(60));
        }
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
    }

    @Test
    void aHelperWhoseParentIsKilledRestoresWithinSeconds(@TempDir Path dir) throws Exception {
        Require.kernelBuilds("bfq");
        // the helper's parent is a shell; this JVM keeps the helper's stdin open
        Path pid = dir.resolve("parent.pid");
        try (Session s = new Session(loop.name(), "/bin/sh", "-c", "echo $$ > " + pid + "; \"$@\"; true", "sh")) {
            s.send("switch bfq");
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

    /**
     * The app killed outright takes the helper's socket and both pipes with it: the helper restores and
     * is gone within 2 s, not after waiting out its time for output nobody reads.
     */
    @Test
    void aHelperWhoseCallerIsKilledIsGoneWithinTwoSeconds(@TempDir Path dir) throws Exception {
        Require.kernelBuilds("bfq");
        Path pid = dir.resolve("helper.pid");
        String caller = """
                import os, signal, socket, subprocess, sys
                mine, theirs = socket.socketpair()
                helper = subprocess.Popen(sys.argv[2:], stdin=theirs, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                theirs.close()
                open(sys.argv[1], "w").write(str(helper.pid))
                helper.stdout.readline()
                mine.sendall(b"switch bfq\\n")
                helper.stdout.readline()
                os.kill(os.getpid(), signal.SIGKILL)
                """;
        Process p = new ProcessBuilder("python3", "-c", caller, pid.toString(), helperPath().toString(), "benchmark", loop.name())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the caller switched and killed itself");
        long killed = System.nanoTime();
        String said = new String(p.getInputStream().readAllBytes());
        assertEquals(137, p.exitValue(), "the caller said: " + said);
        long helper = Long.parseLong(Files.readString(pid).strip());
        // ended: gone, or a zombie that only waits for whoever adopted it to reap it
        java.util.function.BooleanSupplier running = () -> ProcessStat.of(Path.of("/proc"), helper).filter(stat -> stat.state() != 'Z').isPresent();
        while (running.getAsBoolean() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) Thread.sleep(20);
        long gone = (System.nanoTime() - killed) / 1_000_000;
        assertFalse(running.getAsBoolean(), "the helper ended");
        assertTrue(gone < 2000, "gone within 2 s of its caller, not " + gone + " ms");
        assertEquals("none", loop.active(), "and it put the original back");
        assertFalse(Files.exists(record()));
    }

    @Test
    void theHelperNeverLoadsANativeLibraryFromTheCallersFolders(@TempDir Path cache) throws Exception {
        Installed.Result r = Installed.runWithEnv(List.of("XDG_CACHE_HOME=" + cache, "JAVA_TOOL_OPTIONS=-Djna.nounpack=false",
                "TMPDIR=" + cache), "elevator-helper", "benchmark", loop.name());
        // standard input is /dev/null, no socket: the hand-over fails in words, through JNA's strerror
        assertEquals(HelperExit.BENCHMARK_FAILED.code(), r.exit(), r.err());
        assertTrue(r.err().contains("could not hand " + loop.name() + " over to the app") && r.err().contains("(errno 88)"),
                "JNA loads from the installed layout: " + r.err());
        assertEquals("none", loop.active());
        assertFalse(Files.exists(record()));
        try (var left = Files.list(cache)) {
            assertEquals(List.of(), left.toList(), "nothing unpacked into the caller's folders");
        }
    }

    /**
     * The descriptor handed over is closed before the service says the benchmark is over, whichever
     * way it ends: at the end of a sweep and of a quick benchmark, on a cancel, and when the helper
     * is killed mid-sweep (then the next session puts the original back).
     */
    @Test
    void theAppLetsGoOfTheDeviceBeforeItSaysTheBenchmarkIsOver(@TempDir Path dir) throws Exception {
        HelperRunner runner = new HelperRunner(helperPath(), true);
        BenchmarkService service = new BenchmarkService(BlockDeviceScanner.system(), runner, HeldDevices.system(runner),
                new BenchmarkHistory(dir.resolve("history")));
        BenchmarkRequest sweep = new BenchmarkRequest(loop.name(), BenchmarkMode.ALL, List.of("none", "kyber"), List.of(Workload.RAND_READ),
                BenchmarkRequest.MIN_BUDGET, 0.03);
        BenchmarkRequest quick = new BenchmarkRequest(loop.name(), BenchmarkMode.CURRENT, List.of(), List.of(Workload.RAND_READ), 10, 0.03);
        long self = ProcessHandle.current().pid();
        List<Integer> heldDuring = new ArrayList<>();
        class Watching implements BenchmarkListener {
            private final Runnable atThirdStep;
            private int steps;

            Watching(Runnable atThirdStep) {
                this.atThirdStep = atThirdStep;
            }

            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                try {
                    heldDuring.add(descriptorsOfTheDevice(self).size());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                if (++steps == 3) atThirdStep.run();
            }
        }

        for (BenchmarkRequest request : List.of(sweep, quick)) {
            heldDuring.clear();
            assertEquals("none", service.run(request, new Watching(() -> { }), new Cancellation()).originalScheduler());
            assertTrue(heldDuring.contains(1), "held while it ran: " + heldDuring);
            assertEquals(List.of(), descriptorsOfTheDevice(self), "let go at the end of " + request.mode());
        }

        heldDuring.clear();
        Cancellation cancellation = new Cancellation();
        BenchmarkFailedException cancelled = assertThrows(BenchmarkFailedException.class,
                () -> service.run(sweep, new Watching(cancellation::cancel), cancellation));
        assertEquals("Cancelled; " + loop.name() + " is back on none.", cancelled.getMessage());
        assertTrue(heldDuring.contains(1), heldDuring.toString());
        assertEquals(List.of(), descriptorsOfTheDevice(self), "let go on a cancel");

        heldDuring.clear();
        BenchmarkFailedException killed = assertThrows(BenchmarkFailedException.class, () -> service.run(sweep, new Watching(() -> {
            try {
                LoopDevice.run("kill", "-KILL", Long.toString(helperPid()));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), new Cancellation()));
        assertTrue(killed.getMessage().startsWith("The benchmark of " + loop.name() + " did not complete"), killed.getMessage());
        assertTrue(heldDuring.contains(1), heldDuring.toString());
        assertEquals(List.of(), descriptorsOfTheDevice(self), "let go when the helper was killed");
        RootHeldDevice.open(runner, loop.name()).close();
        assertEquals("none", loop.active(), "the next session undid the killed one");
        assertFalse(Files.exists(record()));
    }

    private String deviceNumber() throws IOException {
        return Files.readString(Path.of("/sys/block", loop.name(), "dev")).strip();
    }

    /** The descriptors of process {@code pid} that are open on the loop device. */
    private List<Integer> descriptorsOfTheDevice(long pid) throws IOException {
        List<Integer> found = new ArrayList<>();
        try (var fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals("/dev/" + loop.name())) found.add(Integer.parseInt(fd.getFileName().toString()));
                } catch (IOException closedMeanwhile) {
                    // not the device
                }
            }
        }
        return found;
    }

    /** The helper this JVM started: its child whose command runs ElevatorHelper (the launcher execs java). */
    private static long helperPid() {
        return ProcessHandle.current().children().filter(p -> p.info().arguments().map(a -> List.of(a)
                .contains("io.github.elevator.helper.ElevatorHelper")).orElse(false)).findFirst().orElseThrow().pid();
    }

    /** /proc/PID/io: what the process (all its threads) read and wrote, by syscall and from storage. */
    private static Map<String, Long> io(long pid) throws IOException {
        Map<String, Long> io = new java.util.HashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/io"))) {
            String[] kv = line.split(":\\s*");
            io.put(kv[0], Long.parseLong(kv[1]));
        }
        return io;
    }
}
