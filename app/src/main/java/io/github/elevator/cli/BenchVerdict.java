package io.github.elevator.cli;

import io.github.elevator.bench.wording.ReportWords;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The verdict of a benchmark, read from the report's recommendation and why: the last line of
 * {@code elevator bench}, and the first two fields of its {@code --json}. The one place that reads
 * them for the command line.
 */
final class BenchVerdict {
    private BenchVerdict() {
    }

    /** The scheduler recommended, or null. */
    static String recommendation(BenchmarkReport report) {
        return report.overallWinner();
    }

    /**
     * Why, for the whole device: the report's own sentence ("Recommended: none, for all 3
     * workloads.", or the trade-off), and the workloads skipped; each workload's why stands above
     * it in the text and in its decision in the JSON.
     */
    static String why(BenchmarkReport report) {
        List<String> parts = new ArrayList<>();
        String overall = ReportWords.overall(report);
        if (!overall.isEmpty()) parts.add(overall);
        report.skipped().forEach((workload, reason) -> parts.add(Messages.text("cli.bench.skipped.sentence", workload, reason)));
        return String.join(" ", parts);
    }

    /** "Verdict for loop0: none. Recommended: none, for all 3 workloads." or "Verdict for loop0: no scheduler recommended. …" */
    static String line(BenchmarkReport report) {
        String chosen = recommendation(report);
        String why = why(report);
        String verdict = chosen != null ? Messages.text("cli.bench.verdict", report.device(), chosen)
                : Messages.text("cli.bench.verdict.none", report.device());
        return why.isEmpty() ? verdict : Messages.text("cli.sentences", verdict, why);
    }

    /** The report as JSON, its recommendation and why first, so a reader of the first lines has the answer. */
    static String json(BenchmarkReport report) {
        JsonObject verdictFirst = new JsonObject();
        verdictFirst.addProperty("recommendation", recommendation(report));
        verdictFirst.addProperty("why", why(report));
        JsonObject rest = JsonParser.parseString(BenchmarkHistory.toJson(report)).getAsJsonObject();
        for (Map.Entry<String, JsonElement> e : rest.entrySet()) {
            if (!verdictFirst.has(e.getKey())) verdictFirst.add(e.getKey(), e.getValue());
        }
        return BenchmarkHistory.toJson(verdictFirst);
    }
}
