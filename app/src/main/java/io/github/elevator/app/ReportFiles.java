package io.github.elevator.app;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.text.Messages;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A report as the files a person keeps: JSON that starts with the verdict (the same as
 * {@code elevator bench --json}, from the window's export too), CSV of every run, a chart as PNG.
 */
public final class ReportFiles {
    private ReportFiles() {
    }

    /**
     * Why, for the whole device, in the reader's language: the report's sentence ("Recommended: none,
     * for all 3 workloads.", or the trade-off), then the workloads skipped.
     */
    public static String why(BenchmarkReport report) {
        List<String> parts = new ArrayList<>();
        String overall = ReportWords.overall(report);
        if (!overall.isEmpty()) parts.add(overall);
        report.skipped().forEach((workload, reason) -> parts.add(Messages.text("cli.bench.skipped.sentence", workload, reason)));
        return String.join(" ", parts);
    }

    /** The report as JSON, its recommendation and why first, so a reader of the first lines has the answer. */
    public static String json(BenchmarkReport report) {
        JsonObject verdictFirst = new JsonObject();
        verdictFirst.addProperty("recommendation", report.overallWinner());
        verdictFirst.addProperty("strength", report.overall() == null || report.overall().strength() == null ? null
                : report.overall().strength().key());
        verdictFirst.addProperty("why", why(report));
        JsonObject rest = JsonParser.parseString(BenchmarkHistory.toJson(report)).getAsJsonObject();
        for (Map.Entry<String, JsonElement> e : rest.entrySet()) {
            if (!verdictFirst.has(e.getKey())) verdictFirst.add(e.getKey(), e.getValue());
        }
        return BenchmarkHistory.toJson(verdictFirst);
    }

    public static void writeJson(Path file, BenchmarkReport report) throws IOException {
        Files.writeString(file, json(report));
    }

    public static void writeCsv(Path file, BenchmarkReport report) throws IOException {
        Files.writeString(file, report.toCsv());
    }

    public static void writePng(Path file, BufferedImage image) throws IOException {
        if (!javax.imageio.ImageIO.write(image, "png", file.toFile())) throw new IOException(Messages.text("ui.bench.no-png-writer"));
    }
}
