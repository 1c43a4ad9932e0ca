package io.github.elevator.app;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history on a real folder, with the damage a real disk and real people cause. */
class BenchmarkHistoryTest {
    @TempDir
    Path dir;

    private static BenchmarkReport report(String finishedAt) {
        return BenchmarkReport.of(io.github.elevator.bench.report.ReportMode.SWEEP, "loop3", "none", finishedAt, Map.of("rand-read", "psync"), List.of(
                new RunResult("none", "rand-read", 1, 1.0, 1000, 3.9, 50, 90, 10, 1, 12, "psync"),
                new RunResult("bfq", "rand-read", 1, 1.0, 800, 3.1, 60, 120, 14, 1, 15, "psync")),
                Map.of(), List.of(List.of("none", "bfq")), 60, Map.of(), Preference.NONE, null);
    }

    /** A fio command holds "=" (--rw=randread): written as it is, never as \\u003d. */
    @Test
    void jsonKeepsCharactersAsTheyAre() {
        assertEquals("{\n  \"command\": \"fio --rw=randread <x> & 'y'\"\n}", BenchmarkHistory.toJson(Map.of("command", "fio --rw=randread <x> & 'y'")));
    }

    @Test
    void twoReportsFinishedInTheSameSecondAreBothKept() throws Exception {
        BenchmarkHistory history = new BenchmarkHistory(dir);
        Path first = history.save(report("2026-11-30T18:00:00Z"));
        Path second = history.save(report("2026-11-30T18:00:00Z"));
        assertNotEquals(first, second);
        assertEquals(2, history.of("loop3").size());
        try (var files = Files.list(dir.resolve("loop3"))) {
            assertEquals(2, files.count(), "no temporary file is left behind");
        }
    }

    @Test
    void aReportSaysItsModeAndSchemaAndOneWrittenBeforeGetsItsModeFromWhatItHolds() throws Exception {
        BenchmarkHistory history = new BenchmarkHistory(dir);
        Path sweep = history.save(report("2026-11-30T18:00:00Z"));
        String json = Files.readString(sweep);
        assertTrue(json.contains("\"mode\": \"sweep\"") && json.contains("\"schema\": " + BenchmarkReport.SCHEMA), json);
        BenchmarkReport read = history.of("loop3").get(0);
        assertEquals(ReportMode.SWEEP, read.mode());
        assertEquals(BenchmarkReport.SCHEMA, read.schema());

        Files.writeString(sweep, json.replaceAll(",\\s*\"mode\": \"[a-z-]+\"", "").replaceAll(",\\s*\"schema\": \\d+", ""));
        BenchmarkReport before = history.of("loop3").get(0);
        assertEquals(ReportMode.SWEEP, before.mode(), "two schedulers' runs");
        assertEquals(0, before.schema(), "written before reports said their schema");

        BenchmarkReport quick = BenchmarkReport.of(ReportMode.QUICK, "loop3", "none", "2026-11-30T19:00:00Z", Map.of("rand-read", "psync"),
                List.of(new RunResult("none", "rand-read", 0, 5.0, 1000, 3.9, 50, 90, 10, 1, 12, "psync")), Map.of(), List.of(), 16.5,
                Map.of(), Preference.NONE, null);
        Path quickFile = history.save(quick);
        Files.writeString(quickFile, Files.readString(quickFile).replaceAll(",\\s*\"mode\": \"[a-z-]+\"", ""));
        assertEquals(ReportMode.QUICK, history.of("loop3").get(0).mode(), "one scheduler's runs and no blocks");
    }

    @Test
    void damagedFilesAreNamedAndSkippedAndNeverHideTheOthers() throws Exception {
        BenchmarkHistory history = new BenchmarkHistory(dir);
        history.save(report("2026-11-30T18:00:00Z"));
        history.save(report("2026-11-30T19:00:00Z"));
        Path device = dir.resolve("loop3");
        Files.writeString(device.resolve("empty-object.json"), "{}");
        String whole = Files.readString(device.resolve("2026-11-30T18_00_00Z.json"));
        Files.writeString(device.resolve("truncated.json"), whole.substring(0, whole.length() / 2));
        Files.write(device.resolve("latin1.json"), new byte[] {'{', '"', 'd', (byte) 0xe9, '"', ':', '1', '}'});
        Files.createDirectory(device.resolve("a-folder.json"));
        Files.writeString(device.resolve("empty.json"), "");
        Files.writeString(device.resolve("null.json"), "null");
        Files.writeString(device.resolve("nulls-inside.json"), whole.replaceFirst("\"ranking\": \\{", "\"ranking\": {\"x\": null,"));

        BenchmarkHistory.Listing listing = history.list("loop3");
        assertEquals(List.of("2026-11-30T19:00:00Z", "2026-11-30T18:00:00Z"),
                listing.reports().stream().map(BenchmarkReport::finishedAt).toList(), "newest first, the good ones all there");
        assertEquals(List.of("a-folder.json", "empty-object.json", "empty.json", "latin1.json", "null.json", "nulls-inside.json", "truncated.json"),
                listing.unreadable().stream().sorted().toList());
    }

    @Test
    void aFileWhereTheDevicesFolderShouldBeMeansNoHistoryAndSavingSaysWhy() throws Exception {
        Files.writeString(dir.resolve("loop3"), "not a folder");
        BenchmarkHistory history = new BenchmarkHistory(dir);
        assertEquals(List.of(), history.of("loop3"));
        assertThrows(java.io.IOException.class, () -> history.save(report("2026-11-30T18:00:00Z")));
    }
}
