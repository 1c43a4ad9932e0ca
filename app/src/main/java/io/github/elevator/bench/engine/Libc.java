package io.github.elevator.bench.engine;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The few libc calls the engines need, bound by JNA direct mapping (one JNI transition
 * per call, no argument boxing). Calls that fail throw {@link LastErrorException} carrying errno.
 * The numbers are x86_64 Linux ones; {@link Native64} says whether they apply.
 */
final class Libc {
    static final long SYS_IO_URING_SETUP = 425;
    static final long SYS_IO_URING_ENTER = 426;
    static final long SYS_IO_URING_REGISTER = 427;

    static final int O_RDONLY = 0;
    static final int O_DIRECT = 040000;
    static final int O_CLOEXEC = 02000000;

    static final int PROT_READ = 0x1;
    static final int PROT_WRITE = 0x2;
    static final int MAP_SHARED = 0x01;
    static final int MAP_PRIVATE = 0x02;
    static final int MAP_ANONYMOUS = 0x20;
    static final int MAP_POPULATE = 0x8000;
    static final int MADV_HUGEPAGE = 14;

    static final int EINTR = 4;
    static final int EAGAIN = 11;
    static final int EBUSY = 16;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private Libc() {
    }

    static native long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6) throws LastErrorException;

    static native int open(String path, int flags) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native long mmap(long addr, long length, int prot, int flags, int fd, long offset) throws LastErrorException;

    static native int munmap(long addr, long length) throws LastErrorException;

    static native int madvise(long addr, long length, int advice) throws LastErrorException;

    static native long pread(int fd, long buffer, long count, long offset) throws LastErrorException;

    static native String strerror(int errnum);

    static int openDirect(Path node) throws IOException {
        try {
            return open(node.toString(), O_RDONLY | O_DIRECT | O_CLOEXEC);
        } catch (LastErrorException e) {
            throw error(Messages.text("bench.engine.open", node), e);
        }
    }

    /** An IOException whose message names what failed and the system's words for errno. */
    static IOException error(String what, int errno) {
        return new IOException(Messages.text("bench.errno", what, strerror(errno), errno));
    }

    static IOException error(String what, LastErrorException e) {
        return error(what, e.getErrorCode());
    }
}
