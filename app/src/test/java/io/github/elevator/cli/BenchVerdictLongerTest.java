package io.github.elevator.cli;

import com.google.gson.JsonParser;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.ReportFiles;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Choice;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.QuietEstimate;
import io.github.elevator.bench.report.ReportMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: after a not-measured answer the command line says how long telling them apart would take, and --json the seconds. */
class BenchVerdictLongerTest {
    @TempDir
    Path dir;

    private static BenchmarkReport notMeasured(Double secondsToResolve) {
        WorkloadDecision d = new WorkloadDecision("rand-read", Metric.IOPS, new Choice("none", Basis.KERNEL_DEFAULT, List.of("none", "bfq"), 1.9),
                Reason.LEADERS, 0.03, List.of(new Figure("none", 1, 1, 15, true), new Figure("bfq", 1, 1, 15, true)), List.of(), 0, 1, null, 15);
        return BenchmarkReport.of(ReportMode.SWEEP, "loop0", "none", "2026-12-04T20:00:00Z", Map.of(), List.of(), Map.of("rand-read", d),
                List.of(List.of("none", "bfq")), 60, Map.of(), new Preference("none", "none"), null).withSecondsToResolve(secondsToResolve);
    }

    @Test
    void theLastLinesSayTheTimeAndHowToMeasureLonger() {
        assertEquals(List.of("Telling them apart within 3 % would take about 6 min more at this load.",
                "To measure longer: \"Measure longer\" in the window continues this sweep; elevator bench loop0 --budget 400 runs one that"
                        + " long anew."), BenchVerdict.longer(notMeasured(340.0)));
        assertEquals(List.of("Telling them apart within 3 % would take about 3 h more at this load, longer than one sweep may run (30 min)."),
                BenchVerdict.longer(notMeasured(9000.0)));
        assertEquals(List.of(), BenchVerdict.longer(notMeasured(null)), "nothing to resolve: nothing said");
    }

    /** Issue 29: after a busy sweep, how long it would take on a quiet machine, from a quiet sweep in the history. */
    @Test
    void aBusySweepSaysHowLongItWouldTakeOnAQuietMachine() {
        String quietAt = io.github.elevator.text.LocalTimes.of("2026-12-04T18:00:00Z");
        BenchmarkReport busy = notMeasured(900.0).withQuiet(new QuietEstimate(100, "2026-12-04T18:00:00Z", 0.1));
        assertEquals("Telling them apart within 3 % would take about 15 min more at this load. On a quiet machine it would take about"
                + " 2 min more, at the noise of the sweep of " + quietAt + ".", BenchVerdict.longer(busy).get(0));
        BenchmarkReport enough = notMeasured(900.0).withQuiet(new QuietEstimate(0, "2026-12-04T18:00:00Z", 0.1));
        assertEquals("Telling them apart within 3 % would take about 15 min more at this load. On a quiet machine the blocks run would"
                + " have been enough, at the noise of the sweep of " + quietAt + ".", BenchVerdict.longer(enough).get(0));
        var json = JsonParser.parseString(ReportFiles.json(busy)).getAsJsonObject().getAsJsonObject("quiet");
        assertEquals(100.0, json.get("seconds").getAsDouble());
        assertEquals("2026-12-04T18:00:00Z", json.get("measuredAt").getAsString());
    }

    /** Issue 29: a continuation writes no more than its own allowance, so a workload under a writer may stay short of resolving. */
    @Test
    void aTimeThatLeavesAWorkloadUnderAWriterShortSaysSo() throws Exception {
        BenchmarkReport shortOfWrites = notMeasured(340.0).withShortOfWrites(List.of("read-under-write"));
        assertEquals("Telling them apart within 3 % would take about 6 min more at this load. That time resolves all but read-under-write,"
                + " which would need more than its share of the 8.00 GiB one sweep may write; it gets the blocks its share allows.",
                BenchVerdict.longer(shortOfWrites).get(0));
        assertEquals("[\"read-under-write\"]",
                JsonParser.parseString(ReportFiles.json(shortOfWrites)).getAsJsonObject().get("shortOfWrites").toString());
        assertEquals(List.of(), notMeasured(340.0).shortOfWrites(), "not said unless so");
        BenchmarkHistory history = new BenchmarkHistory(dir);
        history.save(shortOfWrites);
        assertEquals(List.of("read-under-write"), history.of("loop0").get(0).shortOfWrites(), "the history keeps it");
        BenchmarkReport both = notMeasured(340.0).withShortOfWrites(List.of("read-under-write", "start-under-write"));
        assertTrue(BenchVerdict.longer(both).get(0).endsWith("That time resolves all but read-under-write and start-under-write, which would"
                + " need more than their shares of the 8.00 GiB one sweep may write; they get the blocks their shares allow."),
                BenchVerdict.longer(both).get(0));
    }

    /** A report saved when only read-under-write could be short said so as {@code "writesTooFew": true}; it still says whose. */
    @Test
    void aReportFromWhenOnlyReadUnderWriteCouldBeShortStillSaysIt() throws Exception {
        var json = JsonParser.parseString(ReportFiles.json(notMeasured(340.0))).getAsJsonObject();
        json.remove("shortOfWrites");
        json.addProperty("writesTooFew", true);
        java.nio.file.Files.createDirectories(dir.resolve("loop0"));
        java.nio.file.Files.writeString(dir.resolve("loop0").resolve("old.json"), json.toString());
        assertEquals(List.of("read-under-write"), new BenchmarkHistory(dir).of("loop0").get(0).shortOfWrites());
    }

    @Test
    void theJsonAndTheHistoryKeepTheSeconds() throws Exception {
        var json = JsonParser.parseString(ReportFiles.json(notMeasured(340.0))).getAsJsonObject();
        assertEquals(340.0, json.get("secondsToResolve").getAsDouble());
        var none = JsonParser.parseString(ReportFiles.json(notMeasured(null))).getAsJsonObject().get("secondsToResolve");
        assertTrue(none == null || none.isJsonNull(), "no time to name: " + none);
        BenchmarkHistory history = new BenchmarkHistory(dir);
        history.save(notMeasured(340.0));
        assertEquals(340.0, history.of("loop0").get(0).secondsToResolve());
    }
}
