package io.github.elevator.cli;

import com.google.gson.JsonParser;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.ReportFiles;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Choice;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.design.Strength;
import io.github.elevator.bench.design.WorkloadDecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 29: the command line's last line and {@code --json} say the answer's strength, and a report written before reads it back. */
class BenchVerdictStrengthTest {
    @TempDir
    Path dir;

    private static BenchmarkReport report(Double bound, Basis basis) {
        Map<String, WorkloadDecision> ds = new LinkedHashMap<>();
        for (String w : List.of("seq-read", "rand-read")) {
            ds.put(w, new WorkloadDecision(w, Metric.IOPS, new Choice("none", basis, basis == Basis.ONLY_LEADER ? List.of("none")
                    : List.of("none", "mq-deadline"), bound), basis == Basis.ONLY_LEADER ? Reason.LEADER : Reason.LEADERS, 0.03,
                    List.of(new Figure("none", 1, 1, 15, true), new Figure("mq-deadline", 1, 1, 15, basis != Basis.ONLY_LEADER)),
                    List.of(), 1, 1, null, 15));
        }
        return BenchmarkReport.of(ReportMode.SWEEP, "loop0", "mq-deadline", "2026-12-03T18:00:00Z", Map.of(), List.of(), ds,
                List.of(List.of("none", "mq-deadline")), 60, Map.of(), new Preference("none", "mq-deadline"), null);
    }

    @Test
    void theLastLineAndTheJsonSayMeasuredEqualOrNotMeasured() {
        BenchmarkReport measured = report(null, Basis.ONLY_LEADER), equal = report(0.05, Basis.KERNEL_DEFAULT),
                wide = report(1.9, Basis.KERNEL_DEFAULT);
        assertTrue(BenchVerdict.line(measured).startsWith("Verdict for loop0: none (measured). Recommended: none, for all 2 workloads."),
                BenchVerdict.line(measured));
        assertTrue(BenchVerdict.line(equal).startsWith("Verdict for loop0: none (equal: any will do). Equal: any of none and mq-deadline"),
                BenchVerdict.line(equal));
        assertTrue(BenchVerdict.line(wide).startsWith("Verdict for loop0: none (not measured: a default). Not measured: this run could not"
                + " tell none and mq-deadline apart (differences up to 190 %"), BenchVerdict.line(wide));
        for (var c : List.of(Map.entry(measured, "measured"), Map.entry(equal, "equal"), Map.entry(wide, "not-measured"))) {
            var json = JsonParser.parseString(ReportFiles.json(c.getKey())).getAsJsonObject();
            assertEquals(c.getValue(), json.get("strength").getAsString());
            assertEquals(c.getValue(), json.getAsJsonObject("overall").get("strength").getAsString(), "in the report's own answer too");
            assertEquals(c.getValue(), json.getAsJsonObject("decisions").getAsJsonObject("rand-read").get("strength").getAsString(),
                    "and per workload");
        }
    }

    /** Named for its decided CPU per I/O while the leaders' speed was not told apart: not measured, and not "a default". */
    @Test
    void aNotMeasuredAnswerNamedForItsCpuSaysSoInTheLastLine() {
        BenchmarkReport cpu = report(1.39, Basis.LEAST_CPU);
        assertTrue(BenchVerdict.line(cpu).startsWith("Verdict for loop0: none (not measured: named for its CPU per I/O). Not measured:"),
                BenchVerdict.line(cpu));
        assertTrue(BenchVerdict.line(cpu).contains("none is named as it costs the least CPU per I/O among them"), BenchVerdict.line(cpu));
    }

    @Test
    void aReportWrittenBeforeAnswersSaidTheirStrengthGetsItFromItsNumbers() throws Exception {
        BenchmarkHistory history = new BenchmarkHistory(dir);
        Path file = history.save(report(1.9, Basis.KERNEL_DEFAULT));
        String json = Files.readString(file);
        assertTrue(json.contains("\"strength\": \"not-measured\""), json);
        Files.writeString(file, json.replaceAll(",\\s*\"strength\": (\"[a-z-]+\"|null)", ""));
        assertTrue(!Files.readString(file).contains("strength"), "the old shape");
        BenchmarkReport read = history.of("loop0").get(0);
        assertEquals(Strength.NOT_MEASURED, read.overall().strength());
        assertEquals(Strength.NOT_MEASURED, read.decisions().get("seq-read").strength());
    }
}
