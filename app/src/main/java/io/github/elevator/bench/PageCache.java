package io.github.elevator.bench;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Makes files cold without root: sync, then {@code posix_fadvise(POSIX_FADV_DONTNEED)}, which the
 * kernel honours for clean pages no one has mapped; and counts, with {@code mincore}, how many of a
 * file's pages are still in the page cache, so that a drop is checked rather than assumed. Bound by
 * JNA direct mapping like the read engines' libc calls; files are opened {@code O_NOFOLLOW}, so a
 * symlink put in a file's place is refused, never followed.
 */
final class PageCache {
    private static final int O_RDONLY = 0;
    private static final int O_NOFOLLOW = 0400000;
    private static final int O_CLOEXEC = 02000000;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final int PROT_READ = 0x1;
    private static final int MAP_SHARED = 0x01;
    private static final int SC_PAGESIZE = 30;

    private static final long PAGE;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
        PAGE = sysconf(SC_PAGESIZE);
    }

    private PageCache() {
    }

    private static native int open(String path, int flags) throws LastErrorException;

    private static native int close(int fd) throws LastErrorException;

    private static native int fsync(int fd) throws LastErrorException;

    private static native int syncfs(int fd) throws LastErrorException;

    /** Returns the error number itself, not -1 with errno. */
    private static native int posix_fadvise(int fd, long offset, long length, int advice);

    private static native long mmap(long addr, long length, int prot, int flags, int fd, long offset) throws LastErrorException;

    private static native int munmap(long addr, long length) throws LastErrorException;

    private static native int mincore(long addr, long length, byte[] vector) throws LastErrorException;

    private static native long sysconf(int name);

    private static native String strerror(int errnum);

    /** Whether the flag values above are this machine's (they are x86_64 Linux ones). */
    static void checkSupported() throws IOException {
        if (!"Linux".equals(System.getProperty("os.name")) || !"amd64".equals(System.getProperty("os.arch"))) { // untranslated: a system name
            String system = System.getProperty("os.name") + " " + System.getProperty("os.arch");
            throw new IOException(Messages.text("bench.page-cache.unsupported", system));
        }
    }

    /**
     * Asks the kernel to forget the file's cached pages; with {@code sync}, writes whatever of it is
     * dirty first (an fsync costs a cache flush of the device even when nothing is dirty).
     */
    static void drop(Path file, boolean sync) throws IOException {
        int fd = openNoFollow(file);
        try {
            if (sync) fsync(fd);
            int error = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            if (error != 0) throw error(Messages.text("bench.page-cache.fadvise", file), error);
        } catch (LastErrorException e) {
            throw error(Messages.text("bench.page-cache.fsync", file), e.getErrorCode());
        } finally {
            closeQuietly(fd);
        }
    }

    /** How many of the file's first {@code length} bytes' pages are in the page cache now. */
    static long residentPages(Path file, long length) throws IOException {
        if (length <= 0) return 0;
        int fd = openNoFollow(file);
        try {
            long addr = mmap(0, length, PROT_READ, MAP_SHARED, fd, 0);
            try {
                byte[] vector = new byte[(int) ((length + PAGE - 1) / PAGE)];
                mincore(addr, length, vector);
                long resident = 0;
                for (byte b : vector) resident += b & 1;
                return resident;
            } finally {
                munmap(addr, length);
            }
        } catch (LastErrorException e) {
            throw error(Messages.text("bench.page-cache.mincore", file), e.getErrorCode());
        } finally {
            closeQuietly(fd);
        }
    }

    /** Flushes the whole filesystem {@code file} lives on, in one call rather than one fsync per file. */
    static void syncFilesystem(Path file) throws IOException {
        int fd = openNoFollow(file);
        try {
            syncfs(fd);
        } catch (LastErrorException e) {
            throw error(Messages.text("bench.page-cache.syncfs", file), e.getErrorCode());
        } finally {
            closeQuietly(fd);
        }
    }

    static long pageSize() {
        return PAGE;
    }

    private static int openNoFollow(Path file) throws IOException {
        checkSupported();
        try {
            return open(file.toString(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw error(Messages.text("bench.page-cache.open", file), e.getErrorCode());
        }
    }

    private static void closeQuietly(int fd) {
        try {
            close(fd);
        } catch (LastErrorException ignored) {
            // a read-only descriptor: nothing is lost
        }
    }

    private static IOException error(String what, int errno) {
        return new IOException(Messages.text("bench.errno", what, strerror(errno), errno));
    }
}
