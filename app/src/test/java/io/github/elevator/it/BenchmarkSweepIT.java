package io.github.elevator.it;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.Ext4Mount;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code elevator bench} on real loop devices, as root: blocks decide or stop at the budget, the device is restored and never written, nothing is left behind; what it says in a terminal and in a pipe. */
class BenchmarkSweepIT extends OnAFilledLoopDevice {

    @Test
    void aDefaultSweepEndsInARecommendationForEveryWorkloadWithinItsBudgetRestoresAndNeverWritesTheDevice() throws Exception {
        String before = sha256(loop.backingFile());
        long start = System.nanoTime();
        Installed.Result r = elevator("bench", loop.name(), "--all-schedulers", "--json");
        double wall = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(loop.name(), report.get("device").getAsString());
        assertEquals("mq-deadline", report.get("originalScheduler").getAsString());
        assertEquals(60, report.get("budgetSeconds").getAsInt(), "the default budget");
        assertTrue(report.get("blocks").getAsInt() >= 3, "at least three blocks: " + report.get("blocks"));
        for (String w : List.of("seq-read", "rand-read", "rand-read-qd32")) {
            assertEquals(offered(), report.getAsJsonObject("ranking").getAsJsonArray(w).size(), w + " ranks every scheduler offered");
            JsonObject decision = report.getAsJsonObject("decisions").getAsJsonObject(w);
            assertTrue(decision.has("recommendation") && decision.has("reason") && decision.has("margin"), decision.toString());
            assertTrue(decision.get("recommendation").isJsonPrimitive(), w + " ends in a recommendation: " + decision);
            String chosen = decision.get("recommendation").getAsString();
            assertTrue(decision.getAsJsonArray("leaders").contains(new com.google.gson.JsonPrimitive(chosen)), decision.toString());
            assertTrue(decision.get("basis").isJsonPrimitive(), decision.toString());
            JsonArray pairs = decision.getAsJsonArray("pairs");
            assertEquals(offered() * (offered() - 1) / 2, pairs.size(), "every pair of the offered schedulers: " + pairs);
            for (var p : pairs) {
                JsonObject pair = p.getAsJsonObject();
                assertTrue(List.of("faster", "slower", "equivalent", "undecided").contains(pair.get("verdict").getAsString()), pair.toString());
                assertEquals(2, pair.getAsJsonArray("ci95").size());
            }
        }
        JsonObject first = report.getAsJsonArray("results").get(0).getAsJsonObject();
        for (String k : List.of("iops", "mibps", "latP50us", "latP99us", "sysPct", "cpuUsPerIo")) {
            assertTrue(first.getAsJsonObject("mean").has(k), k);
        }
        assertTrue(wall < 60 + 20, "the budget bounds the run (JVM starts and the last block aside): " + wall + " s");
        assertTrue(report.getAsJsonObject("overall").get("scheduler").isJsonPrimitive(), report.get("overall").toString());
        assertTrue(report.has("otherLoad"), "how busy the machine was is part of the report");
        assertEquals("mq-deadline", loop.active());
        assertEquals(before, sha256(loop.backingFile()), "raw workloads only read");
        assertTrue(Files.list(home.resolve("elevator/history").resolve(loop.name())).findAny().isPresent(), "saved to history");
        assertTrue(r.err().contains("Benchmarking " + loop.name()), "progress goes to stderr: " + r.err());
    }

    @Test
    void aSubsetOfSchedulersIsComparedAndTheTextReportIsAligned() throws Exception {
        Installed.Result r = elevator("bench", "/dev/" + loop.name(), "--schedulers", "none,kyber", "--workload", "rand-read-qd32",
                "--budget", "12");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("rand-read-qd32 (ranked by IOPS)"), r.out());
        assertTrue(r.out().contains(loop.name() + " is back on mq-deadline."), r.out());
        List<String> table = r.out().lines().filter(l -> l.matches("\\s+[12]\\s+(none|kyber)\\s.*")).toList();
        assertEquals(2, table.size(), r.out());
        assertEquals(table.get(0).length(), table.get(1).length(), "columns line up:\n" + r.out());
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void aVariantIsBenchmarkedAgainstItsPlainSchedulerAndBothAreSetAsideAfterwards() throws Exception {
        // bfq's low_latency where the kernel builds bfq; else mq-deadline's read_expire (not every kernel has bfq)
        boolean bfq = Files.readString(loop.sysfsScheduler()).contains("bfq");
        String plain = bfq ? "bfq" : "mq-deadline", setting = bfq ? "low_latency" : "read_expire", before = bfq ? "1" : "500";
        String variant = plain + " " + setting + "=" + (bfq ? "0" : "100");
        loop.set(plain);
        Path file = loop.sysfsScheduler().resolveSibling("iosched/" + setting);
        assertEquals(before, Files.readString(file).trim());
        Installed.Result r = elevator("bench", loop.name(), "--schedulers", plain + "," + variant, "--workload", "rand-read-qd32",
                "--budget", "12", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        List<String> ranked = new java.util.ArrayList<>();
        report.getAsJsonObject("ranking").getAsJsonArray("rand-read-qd32").forEach(e -> ranked.add(e.getAsString()));
        assertEquals(java.util.Set.of(plain, variant), java.util.Set.copyOf(ranked), r.out());
        JsonObject pair = report.getAsJsonObject("decisions").getAsJsonObject("rand-read-qd32").getAsJsonArray("pairs").get(0).getAsJsonObject();
        assertEquals(java.util.Set.of(plain, variant), java.util.Set.of(pair.get("a").getAsString(), pair.get("b").getAsString()));
        assertEquals(plain, loop.active());
        assertEquals(before, Files.readString(file).trim(), "the variant's setting is put back");

        Installed.Result foreign = elevator("bench", loop.name(), "--schedulers", plain + ",kyber " + setting + "=" + (bfq ? "0" : "100"), "--budget", "12");
        assertEquals(2, foreign.exit(), "a variant that is none on any device: a bad list, as the help says");
        assertTrue(foreign.err().contains(setting + " is a setting of " + plain + ", not of 'kyber'"), foreign.err());
        loop.set("mq-deadline");
    }

    /**
     * The method promises at most 5 % false differences per run (Holm over the pairs, its error
     * rate spent over the looks), so a test that demanded none in every run would fail now and
     * then by design: two runs, one false call in either, did once in a fresh clone's CI. Three
     * runs with at most one false call fail by chance with probability under 0.8 % when the rate
     * is 5 %, and mostly when it is not: at 20 % they fail one time in ten, at 40 % one in three.
     * The rate itself is measured over many runs by noise-check-rate.sh.
     */
    @Test
    void aNoiseCheckCallsIdenticalSlotsDifferentInAtMostOneOfThreeRuns() throws Exception {
        List<String> falseCalls = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Installed.Result r = elevator("bench", loop.name(), "--noise-check", "--workload", "rand-read-qd32", "--budget", "10", "--json");
            assertEquals(0, r.exit(), r.err());
            JsonObject decision = JsonParser.parseString(r.out()).getAsJsonObject().getAsJsonObject("decisions")
                    .getAsJsonObject("rand-read-qd32");
            int slots = Math.min(4, Math.max(2, offered())); // as many slots as the offered schedulers, two to four
            assertEquals(slots * (slots - 1) / 2, decision.getAsJsonArray("pairs").size(), decision.toString());
            for (var p : decision.getAsJsonArray("pairs")) {
                String verdict = p.getAsJsonObject().get("verdict").getAsString();
                assertTrue(List.of("equivalent", "undecided", "faster", "slower").contains(verdict), verdict);
                if (verdict.equals("faster") || verdict.equals("slower")) falseCalls.add("run " + (i + 1) + ": " + p);
            }
            assertTrue(decision.get("noiseFloor").getAsDouble() > 0, decision.toString());
            assertEquals("noise", decision.get("reason").getAsString(), decision.toString());
            assertEquals("mq-deadline", loop.active(), "back on the original scheduler after run " + (i + 1));
        }
        long runsWithFalseCalls = falseCalls.stream().map(c -> c.substring(0, c.indexOf(':'))).distinct().count();
        assertTrue(runsWithFalseCalls <= 1, "identical slots called different in " + runsWithFalseCalls + " of 3 runs: " + falseCalls);
    }

    @Test
    void quickBenchmarkMeasuresOnlyTheCurrentScheduler() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--workload", "rand-read", "--budget", "10", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(List.of("mq-deadline"), List.of(report.getAsJsonObject("ranking").getAsJsonArray("rand-read").get(0).getAsString()));
        assertEquals(1, report.getAsJsonObject("ranking").getAsJsonArray("rand-read").size());
    }

    @Test
    void benchWithoutSchedulersIsTheQuickBenchmarkInUnder20sComparedWithTheLastOne() throws Exception {
        long t0 = System.nanoTime();
        Installed.Result first = elevator("bench", loop.name(), "--json");
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(0, first.exit(), first.err());
        assertTrue(seconds <= 20, "the quick benchmark took " + seconds + " s");
        JsonObject report = JsonParser.parseString(first.out()).getAsJsonObject();
        assertEquals(0, report.get("blocks").getAsInt(), "no blocks: one timed run per workload");
        List<String> workloads = new java.util.ArrayList<>();
        report.getAsJsonArray("runs").forEach(run -> {
            workloads.add(run.getAsJsonObject().get("workload").getAsString());
            assertEquals("mq-deadline", run.getAsJsonObject().get("scheduler").getAsString());
            assertTrue(run.getAsJsonObject().get("iops").getAsDouble() > 0, run.toString());
        });
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), workloads);
        Installed.Result second = elevator("bench", loop.name());
        assertEquals(0, second.exit(), second.err());
        for (String tile : List.of("Sequential 1 MiB", "Random 4 KiB QD1", "Random 4 KiB QD32")) {
            String line = second.out().lines().filter(l -> l.startsWith(tile)).findFirst().orElseThrow(() -> new AssertionError(second.out()));
            assertTrue(line.contains("MiB/s") && line.contains("IOPS") && line.contains("p99")
                    && java.util.regex.Pattern.compile(" on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d").matcher(line).find(), "compared with the first: " + line);
        }
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void writeWorkloadsRunInAPrivateDirectoryThatIsRemoved(@TempDir Path mnt) throws Exception {
        try (Ext4Mount ignored = Ext4Mount.on(loop, mnt)) {
            Installed.Result r = elevator("bench", loop.name(), "--workload", "small-files", "--workload", "read-under-write",
                    "--all-schedulers", "--budget", "20", "--json");
            assertEquals(0, r.exit(), r.err());
            JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
            assertEquals(offered(), report.getAsJsonObject("ranking").getAsJsonArray("small-files").size());
            assertEquals(offered(), report.getAsJsonObject("ranking").getAsJsonArray("read-under-write").size());
            try (var left = Files.list(mnt)) {
                assertEquals(List.of("lost+found"), left.map(p -> p.getFileName().toString()).toList(), "no temp files stay behind");
            }
            assertEquals("mq-deadline", loop.active());
        }
    }

    @Test
    void writeWorkloadsOnAReadOnlyFilesystemAreRefusedClearly(@TempDir Path mnt) throws Exception {
        try (Ext4Mount ignored = Ext4Mount.on(loop, mnt, "ro")) {
            Installed.Result r = elevator("bench", loop.name(), "--workload", "small-files");
            assertEquals(1, r.exit());
            assertTrue(r.err().contains("Nothing can run on " + loop.name()) && r.err().contains("read-only"), r.err());
            assertEquals("mq-deadline", loop.active());
        }
    }

    @Test
    void writeWorkloadsWithoutAFilesystemAreRefusedClearly() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--workload", "read-under-write");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("no filesystem of " + loop.name() + " is mounted"), r.err());
    }

    @Test
    void aWorkloadTooLargeForTheDeviceIsSkippedWithItsReason() throws Exception {
        try (LoopDevice tiny = LoopDevice.attachFilled(1)) {
            tiny.set("kyber");
            Installed.Result r = elevator("bench", tiny.name(), "--workload", "seq-read", "--workload", "rand-read",
                    "--all-schedulers", "--budget", "10", "--json");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.err().contains("Skipping seq-read: " + tiny.name() + " is too small for seq-read"), r.err());
            JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
            assertTrue(report.getAsJsonObject("skipped").has("seq-read"));
            assertTrue(report.getAsJsonObject("decisions").has("rand-read"));
            assertEquals("kyber", tiny.active());
        }
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingRuns() throws Exception {
        Installed.Result unknown = elevator("bench", loop.name(), "--workload", "postmark");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("unknown workload 'postmark'"), unknown.err());
        Installed.Result zero = elevator("bench", loop.name(), "--budget", "0");
        assertEquals(2, zero.exit());
        assertTrue(zero.err().contains("the budget must be from 10 to 1800 seconds"), zero.err());
        Installed.Result noScheduler = elevator("bench", "zram0");
        if (Files.exists(Path.of("/sys/block/zram0"))) {
            assertEquals(1, noScheduler.exit());
            assertTrue(noScheduler.err().contains("no I/O scheduler"), noScheduler.err());
        }
        Installed.Result helper = Installed.run("elevator-helper", "benchmark", loop.name(), "extra");
        assertEquals(HelperExit.USAGE.code(), helper.exit());
        assertEquals("mq-deadline", loop.active());
    }

    // As a person sees it in a terminal (a real pty, made by script(1)): one progress line redrawn in place, the verdict
    // last; in a pipe a quiet line per workload; Ctrl+C and SIGTERM end it as a cancelled benchmark, exit code 1.
    private static final String REDRAW = "\r\033[K";

    private String bench() {
        return Installed.home().resolve("bin/elevator") + " bench " + loop.name() + " --schedulers none,mq-deadline"
                + " --workload rand-read --workload seq-read --budget 10";
    }

    private ProcessBuilder process(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("XDG_DATA_HOME", home.toString());
        pb.environment().put("TERM", "xterm");
        pb.environment().put("COLUMNS", "100");
        return pb;
    }

    @Test
    void onATerminalTheProgressLineIsRedrawnInPlaceAndTheVerdictIsTheLastLine() throws Exception {
        Require.that(Files.isExecutable(Path.of("/usr/bin/script")), "needs script(1) (util-linux) for a pty");
        Process p = process(List.of("script", "-qfec", bench(), "/dev/null")).redirectErrorStream(true).start();
        String screen = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), screen);
        long redraws = screen.split(java.util.regex.Pattern.quote(REDRAW), -1).length - 1;
        assertTrue(redraws >= 10, "the progress line is drawn again and again: " + redraws + " times in\n" + screen);
        // split at newlines only: String.lines() would also split at the carriage returns that redraw the line
        List<String> lines = List.of(screen.replace("\r\n", "\n").split("\n"));
        long progressLines = lines.stream().filter(l -> l.contains(" %] ")).count();
        assertTrue(progressLines <= 2, "all of it on one line, not one line each: " + progressLines + " in\n" + screen);
        String last = lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElseThrow().replace(REDRAW, "");
        assertTrue(last.startsWith("Verdict for " + loop.name() + ": "), "the verdict is the last line: " + last + "\n" + screen);
        assertTrue(last.matches("Verdict for " + loop.name() + ": [a-z-]+ \\((measured|equal: any will do|not measured: a default|not measured: named for its CPU per I/O)\\)\\. "
                + "(Recommended: |No one scheduler leads in every workload: |Equal: |Not measured: ).*"), last);
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void inAPipeEachWorkloadGetsAQuietLineAndJsonStartsWithTheVerdict() throws Exception {
        Process p = process(List.of("sh", "-c", bench() + " --json")).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertTrue(!err.contains("\r") && err.lines().count() <= 6, "a few quiet lines:\n" + err);
        assertEquals(1, err.lines().filter(l -> l.contains("] rand-read under")).count(), err);
        assertEquals(1, err.lines().filter(l -> l.contains("] seq-read under")).count(), err);
        JsonObject report = JsonParser.parseString(out).getAsJsonObject();
        assertEquals(List.of("recommendation", "strength", "why"), report.keySet().stream().limit(3).toList(), out.substring(0, Math.min(300, out.length())));
        assertTrue(List.of("measured", "equal", "not-measured").contains(report.get("strength").getAsString()), "strength: " + report.get("strength"));
        assertTrue(report.get("why").getAsString().matches("(Recommended|No |Equal: |Not measured: ).*"),
                "the verdict's why is the report's sentence for the device, made as it is shown: " + report.get("why"));
        assertFalse(report.getAsJsonObject("overall").has("text"), "the report itself holds no sentence: " + report.get("overall"));
        assertEquals(loop.name(), report.get("device").getAsString());
    }

    @Test
    void ctrlCAndSigtermEndItAsACancelledBenchmarkWithExitCodeOne() throws Exception {
        // a shell's background job has SIGINT ignored, and its children inherit that (as nohup does): then only SIGTERM is tried
        boolean intIgnored = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .map(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).strip(), 16) & 0b10) != 0).findFirst().orElse(false);
        for (String signal : intIgnored ? List.of("TERM") : List.of("INT", "TERM")) {
            Path err = Files.createTempFile(home, "bench", ".err");
            Process p = process(List.of(Installed.home().resolve("bin/elevator").toString(), "bench", loop.name(), "--all-schedulers",
                    "--budget", "60")).redirectError(err.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(err).contains("] ") && System.nanoTime() < deadline) Thread.sleep(100);
            assertTrue(Files.readString(err).contains("] "), "the benchmark runs: " + Files.readString(err));
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), signal + ": it ends");
            String said = Files.readString(err);
            assertEquals(1, p.exitValue(), signal + " exits 1, as docs/cli.md says: " + said);
            List<String> lines = said.lines().toList();
            assertEquals("elevator: Cancelled; " + loop.name() + " is back on mq-deadline.", lines.get(lines.size() - 1), said);
            assertEquals("mq-deadline", loop.active(), signal);
        }
    }

    /** How many schedulers the loop device offers (three on a kernel without bfq). */
    private int offered() throws java.io.IOException {
        return Files.readString(loop.sysfsScheduler()).replaceAll("[\\[\\]]", "").trim().split("\\s+").length;
    }
}
