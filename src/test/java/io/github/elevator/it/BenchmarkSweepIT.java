package io.github.elevator.it;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Benchmarks on real loop devices, as root: workloads run, sweeps rank and restore, nothing is written or left behind. */
class BenchmarkSweepIT {
    private LoopDevice loop;

    @TempDir
    Path home;

    @BeforeEach
    void attach() throws IOException {
        Require.root();
        loop = LoopDevice.attachFilled(128);
        loop.set("mq-deadline"); // not the default, so a restore is visible
    }

    @AfterEach
    void detach() throws IOException {
        if (loop != null) loop.close();
    }

    private Installed.Result elevator(String... args) throws IOException {
        return Installed.runWithEnv(List.of("XDG_DATA_HOME=" + home), "elevator", args);
    }

    @Test
    void sweepRanksEverySchedulerRestoresTheOriginalAndNeverWritesTheDevice() throws Exception {
        String before = sha256(loop.backingFile());
        Installed.Result r = elevator("bench", loop.name(), "--all-schedulers", "--repeats", "2", "--seconds", "1", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(loop.name(), report.get("device").getAsString());
        assertEquals("mq-deadline", report.get("originalScheduler").getAsString());
        for (String w : List.of("seq-read", "rand-read", "rand-read-qd32")) {
            JsonArray ranking = report.getAsJsonObject("ranking").getAsJsonArray(w);
            assertEquals(4, ranking.size(), w + " ranks all four schedulers");
            assertTrue(report.getAsJsonObject("significant").has(w));
        }
        JsonObject first = report.getAsJsonArray("results").get(0).getAsJsonObject();
        assertEquals(2, first.get("runs").getAsInt());
        for (String k : List.of("iops", "mibps", "latP50us", "latP99us", "sysPct")) {
            assertTrue(first.getAsJsonObject("mean").has(k), k);
            assertTrue(first.getAsJsonObject("ci95").has(k), k);
        }
        assertTrue(first.getAsJsonObject("mean").get("iops").getAsDouble() > 0);
        assertEquals("mq-deadline", loop.active());
        assertEquals(before, sha256(loop.backingFile()), "raw workloads only read");
        assertTrue(Files.list(home.resolve("elevator/history").resolve(loop.name())).findAny().isPresent(), "saved to history");
        assertTrue(r.err().contains("Benchmarking " + loop.name()), "progress goes to stderr: " + r.err());
    }

    @Test
    void quickBenchmarkMeasuresOnlyTheCurrentScheduler() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--workload", "rand-read", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(List.of("mq-deadline"), List.of(report.getAsJsonObject("ranking").getAsJsonArray("rand-read").get(0).getAsString()));
        assertEquals(false, report.getAsJsonObject("significant").get("rand-read").getAsBoolean());
    }

    @Test
    void cancelOnStdinRestores() throws Exception {
        assertStopsAndRestores(p -> {
            p.getOutputStream().write("cancel\n".getBytes(StandardCharsets.US_ASCII));
            p.getOutputStream().flush();
        }, HelperExit.CANCELLED.code());
    }

    @Test
    void closedStdinRestores() throws Exception {
        assertStopsAndRestores(p -> p.getOutputStream().close(), HelperExit.CANCELLED.code());
    }

    @Test
    void sigtermRestores() throws Exception {
        assertStopsAndRestores(Process::destroy, 143);
    }

    interface Stop {
        void stop(Process p) throws IOException;
    }

    private void assertStopsAndRestores(Stop stop, int expectedExit) throws Exception {
        Process p = new ProcessBuilder(Installed.home().resolve("bin/elevator-helper").toString(),
                "sweep", loop.name(), "all", "seq-read,rand-read", "1", "3").start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        boolean switched = false;
        while ((line = out.readLine()) != null) {
            if (line.contains("\"type\":\"sample\"") && !line.contains("\"scheduler\":\"mq-deadline\"")) {
                switched = true;
                break;
            }
        }
        assertTrue(switched, "the sweep reached another scheduler");
        assertTrue(!loop.active().equals("mq-deadline"), "mid-sweep the device is on another scheduler");
        stop.stop(p);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the helper stops promptly");
        assertEquals(expectedExit, p.exitValue());
        assertEquals("mq-deadline", loop.active(), "the original scheduler is back");
    }

    @Test
    void writeWorkloadsRunInAPrivateDirectoryThatIsRemoved(@TempDir Path mnt) throws Exception {
        LoopDevice.run("mkfs.ext4", "-q", "-F", "/dev/" + loop.name());
        LoopDevice.run("mount", "/dev/" + loop.name(), mnt.toString());
        try {
            Installed.Result r = elevator("bench", loop.name(), "--workload", "small-files", "--workload", "read-under-write",
                    "--all-schedulers", "--repeats", "1", "--json");
            assertEquals(0, r.exit(), r.err());
            JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
            assertEquals(4, report.getAsJsonObject("ranking").getAsJsonArray("small-files").size());
            assertEquals(4, report.getAsJsonObject("ranking").getAsJsonArray("read-under-write").size());
            try (var left = Files.list(mnt)) {
                assertEquals(List.of("lost+found"), left.map(p -> p.getFileName().toString()).toList(), "no temp files stay behind");
            }
            assertEquals("mq-deadline", loop.active());
        } finally {
            LoopDevice.run("umount", mnt.toString());
        }
    }

    @Test
    void writeWorkloadsOnAReadOnlyFilesystemAreRefusedClearly(@TempDir Path mnt) throws Exception {
        LoopDevice.run("mkfs.ext4", "-q", "-F", "/dev/" + loop.name());
        LoopDevice.run("mount", "-o", "ro", "/dev/" + loop.name(), mnt.toString());
        try {
            Installed.Result r = elevator("bench", loop.name(), "--workload", "small-files");
            assertEquals(1, r.exit());
            assertTrue(r.err().contains("read-only"), r.err());
            assertEquals("mq-deadline", loop.active());
        } finally {
            LoopDevice.run("umount", mnt.toString());
        }
    }

    @Test
    void writeWorkloadsWithoutAFilesystemAreRefusedClearly() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--workload", "read-under-write");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("no filesystem of " + loop.name() + " is mounted"), r.err());
    }

    @Test
    void deviceTooSmallForTheWorkloadIsRefusedAndRestored() throws Exception {
        try (LoopDevice tiny = LoopDevice.attachFilled(8)) {
            tiny.set("kyber");
            Installed.Result r = elevator("bench", tiny.name(), "--workload", "seq-read", "--all-schedulers");
            assertEquals(1, r.exit());
            assertTrue(r.err().contains("too small for seq-read"), r.err());
            assertEquals("kyber", tiny.active());
        }
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingRuns() throws Exception {
        Installed.Result unknown = elevator("bench", loop.name(), "--workload", "postmark");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("unknown workload 'postmark'"), unknown.err());
        Installed.Result zero = elevator("bench", loop.name(), "--seconds", "0");
        assertEquals(2, zero.exit());
        assertTrue(zero.err().contains("seconds must be between 1 and 120"), zero.err());
        Installed.Result noScheduler = elevator("bench", "zram0");
        if (Files.exists(Path.of("/sys/block/zram0"))) {
            assertEquals(1, noScheduler.exit());
            assertTrue(noScheduler.err().contains("no I/O scheduler"), noScheduler.err());
        }
        Installed.Result helper = Installed.run("elevator-helper", "sweep", loop.name(), "all", "seq-read", "0", "1");
        assertEquals(HelperExit.USAGE.code(), helper.exit());
        assertEquals("mq-deadline", loop.active());
    }

    private static String sha256(Path file) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (var in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 20];
            int n;
            while ((n = in.read(buf)) > 0) md.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
