package io.github.elevator.helper;

import io.github.elevator.protocol.RulesRenderer;

import java.io.*;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The one file the helper may write or delete: {@code etc/udev/rules.d/60-elevator.rules} below a root
 * that only the constructor sets ({@code /}, or a test's tree). A file there that is a link, not a
 * regular file, or does not begin with Elevator's marker line is someone else's and never touched.
 */
public class RulesFileWriter {
    /** What is at the path: nothing, Elevator's file (by its first line), or someone else's. */
    public enum State { ABSENT, OURS, FOREIGN }

    private final Path file;

    public RulesFileWriter(Path root) {
        this.file = root.resolve(RulesRenderer.PATH.substring(1));
    }

    public State state() throws IOException {
        for (Path dir : new Path[] {file.getParent(), file.getParent().getParent(), file.getParent().getParent().getParent()}) {
            if (Files.isSymbolicLink(dir)) throw new IOException(dir + " is a symbolic link; Elevator writes its rules only in a real folder, so nothing was changed");
        }
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException absent) {
            return State.ABSENT;
        }
        if (!attrs.isRegularFile()) return State.FOREIGN;
        byte[] marker = (RulesRenderer.MARKER + "\n").getBytes(StandardCharsets.UTF_8);
        try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            return Arrays.equals(in.readNBytes(marker.length), marker) ? State.OURS : State.FOREIGN;
        }
    }

    /** Replaces the file atomically (a synced new file renamed over it; on failure the old one is as it was); a missing folder is made 0755. */
    public void write(String text) throws IOException {
        Path dir = file.getParent();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isDirectory(dir.getParent(), LinkOption.NOFOLLOW_LINKS)) throw new IOException("udev is not installed here (there is no /etc/udev)");
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

    /** A new file next to the target holding {@code content}, mode 0644, created exclusively (so never through a link). */
    protected Path createTemp(Path dir, byte[] content) throws IOException {
        Path temp = dir.resolve("." + file.getFileName() + ".tmp");
        Files.deleteIfExists(temp); // left by a write that was killed: the folder is root's, so nobody else made it
        RootFiles.create(temp, content, 0644);
        return temp;
    }

    protected void replace(Path temp, Path target) throws IOException {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // the rename is done; syncing the folder only makes it survive a power cut sooner
        }
    }
}
