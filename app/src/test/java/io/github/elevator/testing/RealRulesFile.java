package io.github.elevator.testing;

import io.github.elevator.rules.ElevatorRulesFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The machine's real {@code /etc/udev/rules.d/60-elevator.rules}, for tests that install it for
 * real: whatever was there (a file or a link) is moved aside first and put back on close, and
 * anything the test left at the path is removed. Needs root.
 */
public final class RealRulesFile implements AutoCloseable {
    public static final Path PATH = Path.of(ElevatorRulesFile.PATH);
    private final Path saved;

    private RealRulesFile(Path saved) {
        this.saved = saved;
    }

    public static RealRulesFile claim() throws IOException {
        Files.createDirectories(PATH.getParent());
        if (!Files.exists(PATH, LinkOption.NOFOLLOW_LINKS)) return new RealRulesFile(null);
        Path aside = Files.createTempFile(Path.of("/run"), "elevator-test-rules-", ".saved");
        Files.move(PATH, aside, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new RealRulesFile(aside);
    }

    public void write(String text) throws IOException {
        Files.writeString(PATH, text);
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(PATH);
        if (saved != null) Files.move(saved, PATH, StandardCopyOption.ATOMIC_MOVE);
    }
}
