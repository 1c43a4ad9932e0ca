package io.github.elevator.helper;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files and folders root creates, with their modes from the first byte whatever the caller's umask: a
 * file with O_CREAT|O_EXCL (never through an existing name or link) and 0600 while it is written, then
 * synced and given its mode; a folder 0700, then opened up. Only in root's own folders, so no name is swapped between.
 */
final class RootFiles {
    private RootFiles() {
    }

    /** A new file holding {@code content} with {@code mode}; on any failure nothing is left at {@code file}. */
    static void create(Path file, byte[] content, int mode) throws IOException {
        boolean created = false;
        try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            created = true;
            for (ByteBuffer b = ByteBuffer.wrap(content); b.hasRemaining(); ) ch.write(b);
            ch.force(true);
            Files.setAttribute(file, "unix:mode", mode, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            if (created) Files.deleteIfExists(file);
            throw e;
        }
    }

    /** A new folder with mode 0755, made 0700 first; an existing one is left for the caller to check. */
    static void folder(Path dir) throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException raced) {
            return;
        }
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
