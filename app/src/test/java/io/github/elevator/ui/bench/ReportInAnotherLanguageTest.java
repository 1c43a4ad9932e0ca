package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.ui.history.HistoryText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A report holds numbers and names, no sentence: one a German Elevator saved reads in English in
 * this (English) JVM, in the window's comparisons and verdict and in the history, word for word as
 * the same report made here.
 */
class ReportInAnotherLanguageTest {
    @Test
    void aReportMadeInGermanReadsInEnglishInAnEnglishWindow(@TempDir Path history) throws Exception {
        String javaCommand = ProcessHandle.current().info().command().orElse("java");
        Process german = new ProcessBuilder(javaCommand, "-Delevator.language=de", "-cp", System.getProperty("java.class.path"),
                SampleReport.class.getName(), history.toString()).redirectErrorStream(true).start();
        String said = new String(german.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(german.waitFor(60, TimeUnit.SECONDS) && german.exitValue() == 0, said);
        assertTrue(said.contains("Empfohlen"), () -> "the report was made in German: " + said);

        List<BenchmarkReport> saved = new BenchmarkHistory(history).of("loop3");
        assertEquals(1, saved.size());
        BenchmarkReport read = saved.get(0);
        BenchmarkReport here = SampleReport.make();
        try (var files = Files.list(history.resolve("loop3"))) {
            String file = Files.readString(files.findFirst().orElseThrow());
            assertEquals(BenchmarkHistory.toJson(here), file, "the same file, whatever language made it");
        }

        String window = shown(read);
        assertEquals(shown(here), window);
        assertTrue(window.contains("Recommended: none") && window.contains("none is "), window);
        for (String german1 : List.of("Empfohlen", "schneller", "gleich", "Blöcke", " ist ")) {
            assertFalse(window.contains(german1), () -> "German word " + german1 + " in the English window:\n" + window);
        }
    }

    /** What the window and the history show of a report: each workload's why, the device's verdict and its basis, the history's text. */
    private static String shown(BenchmarkReport r) {
        DeviceBench state = new DeviceBench(r.device());
        state.report = r;
        StringBuilder b = new StringBuilder();
        for (Comparison c : state.comparisons()) b.append(c.workload()).append(": ").append(c.why()).append('\n').append(c.pairs()).append('\n');
        DeviceAnswer answer = state.answer();
        b.append(answer.text()).append('\n').append(answer.basis()).append('\n').append(ReportWords.overall(r)).append('\n');
        return b.append(HistoryText.report(r, ZoneOffset.UTC)).toString();
    }
}
