package io.github.elevator.it;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code elevator bench --fio} on a RAM-backed loop device, as root: fio's figures beside
 * Elevator's for every raw read workload, from at least three pairs of turns in the same session,
 * the ratio their median, the command shown the one that ran, the device back on its scheduler and
 * never written.
 */
class FioCheckIT extends OnAFilledLoopDevice {
    private static final List<String> RAW = List.of("seq-read", "rand-read", "rand-read-qd32");
    private static final int TURN = io.github.elevator.bench.FioPlan.within(5).turnSeconds();

    @BeforeAll
    static void fioInstalled() {
        Require.command(FioCommand.FIO);
    }

    @Test
    void theQuickBenchmarkShowsFioBesideElevatorForEveryRawWorkloadWithTheCommandThatRan() throws Exception {
        String before = sha256(loop.backingFile());
        long start = System.nanoTime();
        Installed.Result r = elevator("bench", loop.name(), "--fio", "--json");
        double took = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exit(), r.err());
        java.util.regex.Matcher announced = java.util.regex.Pattern.compile("at most ([0-9]+) s").matcher(r.err());
        assertTrue(announced.find(), r.err());
        // the announcement counts from the session's start; the command's own start (a JVM) comes before it
        assertTrue(took <= Integer.parseInt(announced.group(1)) * 1.2 + 3, "announced " + announced.group(1) + " s, took " + took + " s");
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        List<String> seen = new ArrayList<>();
        for (var e : report.getAsJsonArray("results")) {
            JsonObject result = e.getAsJsonObject();
            String workload = result.get("workload").getAsString();
            seen.add(workload);
            assertEquals("mq-deadline", result.get("scheduler").getAsString());
            JsonObject fio = result.getAsJsonObject("fio");
            assertEquals(io.github.elevator.bench.FioComparison.shown(FioCommand.argv(workload, loop.name(), TURN)), fio.get("command").getAsString(),
                    "the command shown is the table's, as it ran in each of fio's turns");
            assertChecked(workload, fio, result.getAsJsonObject("mean"));
        }
        assertEquals(RAW, seen, r.out());
        assertEquals("mq-deadline", loop.active(), "back on its scheduler");
        assertEquals(before, sha256(loop.backingFile()), "fio only reads");
        assertTrue(r.err().contains("fio: rand-read-qd32 under mq-deadline, the same reads, pair 3 of"), "progress says what runs: " + r.err());
        assertTrue(r.err().contains("rand-read-qd32 under mq-deadline: Elevator, pair 1 of"), "and whose turn it is: " + r.err());
    }

    @Test
    void theTextShowsBothFiguresTheRatioAndTheCommandsToCopy() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--fio", "--workload", "rand-read");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Checked with fio"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+rand-read\\s+mq-deadline\\s+[0-9,]+ IOPS\\s+[0-9,]+ IOPS\\s+[0-9.]+\\s+[0-9]+: [0-9.]+–[0-9.]+\\s+.*")),
                r.out());
        String command = io.github.elevator.bench.FioComparison.shown(FioCommand.argv("rand-read", loop.name(), TURN));
        assertTrue(r.out().lines().anyMatch(l -> l.strip().equals(command)), "the command, whole on its line:\n" + r.out());
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void aComparisonChecksEverySchedulerAfterItsBlocksAndRestores() throws Exception {
        Installed.Result r = elevator("bench", loop.name(), "--schedulers", "none,kyber", "--workload", "rand-read-qd32",
                "--budget", "10", "--fio", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        List<String> checked = new ArrayList<>();
        for (var e : report.getAsJsonArray("results")) {
            JsonObject result = e.getAsJsonObject();
            JsonObject fio = result.getAsJsonObject("fio");
            assertEquals(io.github.elevator.bench.FioComparison.shown(FioCommand.argv("rand-read-qd32", loop.name(), TURN)), fio.get("command").getAsString());
            assertChecked("rand-read-qd32", fio, null);
            checked.add(result.get("scheduler").getAsString());
        }
        assertEquals(List.of("kyber", "none"), checked.stream().sorted().toList(), r.out());
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void aNoiseCheckWithFioIsRefusedBeforeAnythingRuns() throws Exception {
        Installed.Result noise = elevator("bench", loop.name(), "--noise-check", "--fio");
        assertEquals(2, noise.exit(), noise.err());
        assertTrue(noise.err().contains("--fio checks the quick benchmark or a comparison"), noise.err());
        assertEquals("mq-deadline", loop.active());
    }

    /** fio's figures, Elevator's of the run right before it (the result's own mean when {@code mean} is given), and their ratio. */
    private static void assertChecked(String workload, JsonObject fio, JsonObject mean) {
        for (String k : List.of("iops", "mibps", "latP99us")) {
            assertTrue(fio.get(k).getAsDouble() > 0, workload + " fio " + k + ": " + fio);
            assertTrue(fio.getAsJsonObject("elevator").get(k).getAsDouble() > 0, workload + " Elevator " + k + ": " + fio);
            if (mean != null) assertEquals(mean.get(k).getAsDouble(), fio.getAsJsonObject("elevator").get(k).getAsDouble(), 1e-6, k);
        }
        String of = workload.equals("seq-read") ? "mibps" : "iops";
        assertEquals(of, fio.get("ratioOf").getAsString());
        double ratio = fio.get("ratio").getAsDouble();
        List<Double> pairs = new ArrayList<>();
        fio.getAsJsonArray("ratios").forEach(p -> pairs.add(p.getAsDouble()));
        assertTrue(pairs.size() >= 3, "Elevator and fio took at least 3 pairs of turns: " + fio);
        assertEquals(io.github.elevator.bench.RatioSpread.of(pairs).median(), ratio, 1e-9, "the ratio is the pairs' median: " + fio);
        assertTrue(ratio > 0.02 && ratio < 50, "the same reads, within the noise of a shared machine: " + Map.of(workload, ratio));
    }
}
