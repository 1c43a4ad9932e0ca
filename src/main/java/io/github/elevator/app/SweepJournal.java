package io.github.elevator.app;

import com.google.gson.Gson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * A note written before a sweep starts and removed when it ends. If the helper was killed
 * outright (SIGKILL, power loss) the note survives, and the next start puts the original
 * scheduler back and says so.
 */
public final class SweepJournal {
    private static final Gson GSON = new Gson();

    /** What was running: the device and the scheduler it had before. */
    public record Entry(String device, String originalScheduler) {
    }

    private final Path file;

    public SweepJournal(Path file) {
        this.file = file;
    }

    public static SweepJournal inUserData() {
        return new SweepJournal(UserDirs.data().resolve("sweep-in-progress.json"));
    }

    public void begin(Entry entry) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, GSON.toJson(entry));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public void end() throws IOException {
        Files.deleteIfExists(file);
    }

    public Optional<Entry> pending() {
        try {
            Entry e = GSON.fromJson(Files.readString(file), Entry.class);
            return Optional.ofNullable(e).filter(x -> x.device() != null && x.originalScheduler() != null);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
