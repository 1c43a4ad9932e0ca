package io.github.elevator.helper;

import io.github.elevator.rules.UdevRules;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The one file the helper may write or delete: {@code etc/udev/rules.d/60-elevator.rules} below a
 * root that is {@code /} in production and a temporary tree in tests (set by the constructor,
 * never by an argument or the environment). A file there that does not begin with Elevator's
 * marker line, or that is a link or not a regular file, is someone else's and is never touched.
 */
public class HelperRulesFile {
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private final Path file;

    public HelperRulesFile(Path root) {
        this.file = root.resolve(UdevRules.RELATIVE_PATH);
    }

    public Path path() {
        return file;
    }

    /**
     * What is at the path now, by its first line only: {@link UdevRules.Status#OURS} for any file with
     * Elevator's marker (the helper replaces an edited one like any other of its own), never EDITED.
     */
    public UdevRules.Status state() throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException absent) {
            return UdevRules.Status.ABSENT;
        }
        if (!attrs.isRegularFile()) return UdevRules.Status.FOREIGN;
        byte[] marker = (UdevRules.MARKER + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] start;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
             InputStream in = Channels.newInputStream(ch)) {
            start = in.readNBytes(marker.length);
        }
        return Arrays.equals(start, marker) ? UdevRules.Status.OURS : UdevRules.Status.FOREIGN;
    }

    /**
     * Replaces the file with {@code text} atomically: a new file in the same directory, written
     * and synced, then renamed over the old one. On any failure the temporary file is removed
     * and the previous file is as it was. A missing rules folder is made 0755 and the file 0644,
     * whatever umask the caller handed over ({@link RootFiles}).
     */
    public void write(String text) throws IOException {
        Path dir = file.getParent();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(dir.getParent(), LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("udev is not installed here (there is no " + display(dir.getParent()) + ")");
            }
            RootFiles.folder(dir);
        }
        Path temp = createTemp(dir, text.getBytes(StandardCharsets.UTF_8));
        try {
            replace(temp, file);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        syncDirectory(dir);
    }

    public void delete() throws IOException {
        Files.delete(file);
        syncDirectory(file.getParent());
    }

    /** A new file next to the target holding {@code content}, mode 0644, created exclusively (so never through an existing link). */
    protected Path createTemp(Path dir, byte[] content) throws IOException {
        while (true) {
            Path temp = dir.resolve("." + file.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
            try {
                RootFiles.create(temp, content, 0644);
                return temp;
            } catch (IOException e) {
                if (!Files.exists(temp, LinkOption.NOFOLLOW_LINKS)) throw e;
                // that name is taken: another
            }
        }
    }

    protected void replace(Path temp, Path target) throws IOException {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the rename is done; syncing the directory only makes it survive a power cut sooner
        }
    }

    /** The path as a person knows it, without the test root. */
    String display(Path p) {
        Path root = file;
        for (int i = 0; i < UdevRules.RELATIVE_PATH.getNameCount(); i++) root = root.getParent();
        return "/" + root.relativize(p);
    }
}
