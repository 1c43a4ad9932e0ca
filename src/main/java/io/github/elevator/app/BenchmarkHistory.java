package io.github.elevator.app;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.github.elevator.bench.BenchmarkReport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Past benchmark reports, one JSON file each, in a folder per device under the user's data directory. */
public final class BenchmarkHistory {
    static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().create();

    private final Path dir;

    public BenchmarkHistory(Path dir) {
        this.dir = dir;
    }

    public static BenchmarkHistory inUserData() {
        return new BenchmarkHistory(UserDirs.data().resolve("history"));
    }

    public Path save(BenchmarkReport report) throws IOException {
        Path deviceDir = dir.resolve(safe(report.device()));
        Files.createDirectories(deviceDir);
        Path file = deviceDir.resolve(safe(report.finishedAt()) + ".json");
        Files.writeString(file, GSON.toJson(report));
        return file;
    }

    /** The device's reports, newest first. */
    public List<BenchmarkReport> of(String device) throws IOException {
        Path deviceDir = dir.resolve(safe(device));
        List<BenchmarkReport> reports = new ArrayList<>();
        if (!Files.isDirectory(deviceDir)) return reports;
        try (Stream<Path> files = Files.list(deviceDir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted(Comparator.reverseOrder()).toList()) {
                try {
                    reports.add(GSON.fromJson(Files.readString(f), BenchmarkReport.class).withDecisionsKeyed());
                } catch (RuntimeException unreadable) {
                    // a damaged file is skipped, not fatal
                }
            }
        }
        return reports;
    }

    public static String toJson(BenchmarkReport report) {
        return GSON.toJson(report);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
