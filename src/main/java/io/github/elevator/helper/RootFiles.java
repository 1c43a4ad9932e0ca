package io.github.elevator.helper;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files and folders root creates, with their modes from the first byte whatever umask the caller
 * handed over: a new file is made {@code O_CREAT|O_EXCL|O_NOFOLLOW} with mode 0600 (so nobody else
 * can open it while it is written, and never through an existing name or link), written, given its
 * final mode on the open descriptor ({@code fchmod}) and synced; a folder is made 0700 and only then
 * opened up. Both happen only in folders that are root's own, so the name cannot be swapped between.
 */
final class RootFiles {
    private static final int O_WRONLY = 01;
    private static final int O_CREAT = 0100;
    private static final int O_EXCL = 0200;
    private static final int O_NOFOLLOW = 0400000;
    private static final int O_CLOEXEC = 02000000;
    private static final int EINTR = 4;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private RootFiles() {
    }

    private static native int open(String path, int flags, int mode) throws LastErrorException;

    private static native long write(int fd, byte[] bytes, long count) throws LastErrorException;

    private static native int fchmod(int fd, int mode) throws LastErrorException;

    private static native int fsync(int fd) throws LastErrorException;

    private static native int close(int fd) throws LastErrorException;

    private static native String strerror(int errno);

    /** A new file holding {@code content} with {@code mode}; on any failure nothing is left at {@code file}. */
    static void create(Path file, byte[] content, int mode) throws IOException {
        int fd;
        try {
            fd = open(file.toString(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        } catch (LastErrorException e) {
            throw error(file, e);
        }
        boolean done = false;
        try {
            int written = 0;
            while (written < content.length) {
                byte[] rest = written == 0 ? content : java.util.Arrays.copyOfRange(content, written, content.length);
                try {
                    written += (int) write(fd, rest, rest.length);
                } catch (LastErrorException e) {
                    if (e.getErrorCode() != EINTR) throw error(file, e);
                }
            }
            try {
                fchmod(fd, mode);
                fsync(fd);
            } catch (LastErrorException e) {
                throw error(file, e);
            }
            done = true;
        } finally {
            try {
                close(fd);
            } catch (LastErrorException e) {
                done = false;
            }
            if (!done) Files.deleteIfExists(file);
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
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + " is not a folder");
    }

    private static IOException error(Path file, LastErrorException e) {
        return new FileSystemException(file.toString(), null, strerror(e.getErrorCode()));
    }
}
