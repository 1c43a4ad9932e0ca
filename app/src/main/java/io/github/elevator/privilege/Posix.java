package io.github.elevator.privilege;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

import java.io.IOException;

/**
 * The libc calls that start the helper with a Unix socket as its standard input, which the JDK's
 * ProcessBuilder cannot do (it gives a child pipes or files only), bound by JNA direct mapping.
 * posix_spawn* return an error number instead of setting errno.
 */
final class Posix {
    static final int AF_UNIX = 1;
    static final int SOCK_STREAM = 1;
    static final int SOCK_CLOEXEC = 02000000;
    static final int O_CLOEXEC = 02000000;
    static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    static final int SIGTERM = 15;
    static final int SHUT_WR = 1;
    static final int EINTR = 4;
    /** glibc's posix_spawn_file_actions_t is 80 bytes, posix_spawnattr_t 336, sigset_t 128 (x86_64, aarch64); room to spare. */
    static final int OPAQUE_SIZE = 1024;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private Posix() {
    }

    static native int socketpair(int domain, int type, int protocol, int[] pair) throws LastErrorException;

    static native int pipe2(int[] pipe, int flags) throws LastErrorException;

    static native int posix_spawn_file_actions_init(Pointer actions);

    static native int posix_spawn_file_actions_adddup2(Pointer actions, int fd, int target);

    static native int posix_spawn_file_actions_addclosefrom_np(Pointer actions, int from);

    static native int posix_spawn_file_actions_destroy(Pointer actions);

    static native int posix_spawnattr_init(Pointer attributes);

    static native int posix_spawnattr_setflags(Pointer attributes, short flags);

    static native int posix_spawnattr_setsigmask(Pointer attributes, Pointer mask);

    static native int posix_spawnattr_setsigdefault(Pointer attributes, Pointer signals);

    static native int posix_spawnattr_destroy(Pointer attributes);

    static native int sigemptyset(Pointer set);

    static native int sigfillset(Pointer set);

    static native int posix_spawnp(int[] pid, String file, Pointer actions, Pointer attributes, Pointer argv, Pointer envp);

    static native long read(int fd, byte[] buffer, long count) throws LastErrorException;

    static native long write(int fd, byte[] buffer, long count) throws LastErrorException;

    static native int shutdown(int socket, int how) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native int waitpid(int pid, int[] status, int options) throws LastErrorException;

    static native int kill(int pid, int signal) throws LastErrorException;

    static native String strerror(int errno);

    static void closeQuietly(int fd) {
        if (fd < 0) return;
        try {
            close(fd);
        } catch (LastErrorException ignored) {
            // released either way
        }
    }

    static IOException error(String what, int errno) {
        return new IOException(what + ": " + strerror(errno) + " (errno " + errno + ")");
    }
}
