package io.github.elevator.app;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Sentences;

import java.io.IOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Past benchmark reports, one JSON file each, in a folder per device under the user's data
 * directory. A file that cannot be read as a report (empty, cut short, not UTF-8, "{}", a folder
 * where a file should be) is left where it is, counted and skipped: one bad file never hides the
 * others.
 */
public final class BenchmarkHistory {
    /** Made on first use: the window opens its history long after its first frame, if at all. */
    private static final class Json {
        static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().serializeSpecialFloatingPointValues().disableHtmlEscaping()
                .create();
    }

    private final Path dir;

    public BenchmarkHistory(Path dir) {
        this.dir = dir;
    }

    public static BenchmarkHistory inUserData() {
        return new BenchmarkHistory(UserDirs.data().resolve("history"));
    }

    /** The reports of one device, newest first, and the names of its files that could not be read. */
    public record Listing(List<BenchmarkReport> reports, List<String> unreadable) {
        public Listing {
            reports = List.copyOf(reports);
            unreadable = List.copyOf(unreadable);
        }
    }

    /**
     * Saves a report as a file of its own, written completely before it appears under its name.
     * Two reports finished in the same second get two files (the second one's name ends in -2).
     */
    public Path save(BenchmarkReport report) throws IOException {
        Path deviceDir = dir.resolve(safe(report.device()));
        Files.createDirectories(deviceDir);
        Path temp = Files.createTempFile(deviceDir, ".saving-", ".tmp");
        try {
            Files.writeString(temp, Json.GSON.toJson(report));
            String base = safe(report.finishedAt());
            for (int n = 1; ; n++) {
                Path file = deviceDir.resolve(base + (n == 1 ? "" : "-" + n) + ".json");
                try {
                    // a hard link fails when the name is taken: no report is ever replaced
                    Files.createLink(file, temp);
                    return file;
                } catch (FileAlreadyExistsException taken) {
                    if (n > 999) throw taken;
                } catch (UnsupportedOperationException | IOException noLinks) {
                    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) continue;
                    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
                    return file;
                }
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Why {@link #save} failed, as the end of a sentence: which file, and what the system said. */
    static String whyNotSaved(Exception e) {
        if (e instanceof FileAlreadyExistsException taken) return Messages.text("app.history.in-the-way", taken.getFile());
        if (e instanceof java.nio.file.AccessDeniedException denied) return Messages.text("app.history.denied", denied.getFile());
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return Messages.text("app.history.not-written", fs.getFile(), Sentences.lowerFirst(fs.getReason()));
        }
        return Sentences.lowerFirst(String.valueOf(e.getMessage()));
    }

    /** The device's reports, newest first; files that are not readable reports are skipped. */
    public List<BenchmarkReport> of(String device) throws IOException {
        return list(device).reports();
    }

    /** The device's reports, newest first, and which files were skipped. */
    public Listing list(String device) throws IOException {
        Path deviceDir = dir.resolve(safe(device));
        List<BenchmarkReport> reports = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        if (!Files.isDirectory(deviceDir)) return new Listing(reports, unreadable);
        try (Stream<Path> files = Files.list(deviceDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                BenchmarkReport r = read(f);
                if (r == null) unreadable.add(f.getFileName().toString());
                else reports.add(r);
            }
        }
        reports.sort(Comparator.comparing(BenchmarkReport::finishedAt).reversed());
        return new Listing(reports, unreadable);
    }

    /** One report, or null when the file is not one. */
    static BenchmarkReport read(Path file) {
        try {
            if (!Files.isRegularFile(file)) return null;
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(file))).toString();
            BenchmarkReport r = Json.GSON.fromJson(text, BenchmarkReport.class);
            return complete(r) ? r.withDecisionsKeyed() : null;
        } catch (IOException | JsonParseException | IllegalStateException e) {
            return null;
        }
    }

    /** Whether a report read back has everything the window and the command line show. */
    private static boolean complete(BenchmarkReport r) {
        return r != null && r.device() != null && r.finishedAt() != null && r.results() != null && r.ranking() != null
                && r.significant() != null && r.engines() != null && r.runs() != null
                && r.results().stream().allMatch(x -> x != null && x.scheduler() != null && x.workload() != null
                && x.mean() != null && x.ci95() != null)
                && r.ranking().values().stream().allMatch(order -> order != null && !order.contains(null))
                && !r.runs().contains(null);
    }

    /** A report, or a tree made from one, as the history writes it. */
    public static String toJson(Object report) {
        return Json.GSON.toJson(report);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
