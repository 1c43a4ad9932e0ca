package io.github.elevator.protocol;

import com.sun.jna.*;

import java.io.IOException;
import java.nio.file.*;

/**
 * How an open block device travels from root to the app: SCM_RIGHTS over the Unix socket that is the
 * helper's standard input (pkexec closes every descriptor above 2). Root opens, checks, sends and
 * closes its copy, so it holds none and runs no reads; the app checks its own ({@link DeviceDescriptor}).
 * The layouts (msghdr, cmsghdr) are 64-bit Linux's.
 */
public final class DescriptorPassing {
    private static final int OPEN_FLAGS = 0 /* O_RDONLY */ | 040000 /* O_DIRECT */ | 02000000 /* O_CLOEXEC */ | 0400000 /* O_NOFOLLOW */ | 0400 /* O_NOCTTY */;
    static final int CMSG_LEN = 20;
    static final int CMSG_SPACE = 24;
    static final int MSGHDR_SIZE = 56;
    static final int SOL_SOCKET = 1;
    static final int SCM_RIGHTS = 1;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int EINTR = 4;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private DescriptorPassing() {
    }

    private static native int open(String path, int flags) throws LastErrorException;

    private static native int close(int fd) throws LastErrorException;

    private static native long sendmsg(int socket, Pointer message, int flags) throws LastErrorException;

    private static native String strerror(int errno);

    /** Opens {@code node} ({@link #openReadOnly}), checks it is {@code major:minor}, sends it with one byte, 'D', and closes root's copy whatever happened. */
    public static void handOver(Path node, String deviceNumber, int socket) throws IOException {
        int fd = openReadOnly(node);
        try (Memory message = new Memory(MSGHDR_SIZE); Memory data = new Memory(1); Memory iov = new Memory(16);
             Memory control = new Memory(CMSG_SPACE)) {
            check(fd, deviceNumber, node.toString());
            data.setByte(0, (byte) 'D');
            control.clear();
            control.setLong(0, CMSG_LEN);
            control.setInt(8, SOL_SOCKET);
            control.setInt(12, SCM_RIGHTS);
            control.setInt(16, fd);
            layout(message, iov, data, control);
            while (true) {
                try {
                    sendmsg(socket, message, MSG_NOSIGNAL);
                    return;
                } catch (LastErrorException e) {
                    if (e.getErrorCode() != EINTR) throw error("cannot hand the device over on descriptor " + socket, e);
                }
            }
        } finally {
            closeQuietly(fd);
        }
    }

    /** {@code node} opened read-only, O_DIRECT, close-on-exec, never through a link or as a controlling terminal, with the rights of whoever runs this. */
    static int openReadOnly(Path node) throws IOException {
        if (Native.POINTER_SIZE != 8 || !Platform.isLinux()) throw new IOException("reading a device directly needs 64-bit Linux");
        try {
            return open(node.toString(), OPEN_FLAGS);
        } catch (LastErrorException e) {
            throw error("cannot open " + node + " read-only for direct reading", e);
        }
    }

    /** Refuses a descriptor that is not the block device {@code major:minor}: a node swapped after a stat cannot slip through. */
    static void check(int fd, String deviceNumber, String what) throws IOException {
        Path self = Path.of("/proc/self/fd/" + fd);
        long rdev = (Long) Files.getAttribute(self, "unix:rdev");
        long major = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
        long minor = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
        if (((Integer) Files.getAttribute(self, "unix:mode") & 0170000) != 0060000 || !(major + ":" + minor).equals(deviceNumber)) {
            throw new IOException(what + " is not the block device " + deviceNumber);
        }
    }

    static void layout(Memory message, Memory iov, Memory data, Memory control) {
        message.clear();
        iov.setPointer(0, data);
        iov.setLong(8, 1);
        message.setPointer(16, iov);
        message.setLong(24, 1);
        message.setPointer(32, control);
        message.setLong(40, CMSG_SPACE);
    }

    /** Linux releases the number even when close fails. */
    public static void closeQuietly(int fd) {
        try {
            close(fd);
        } catch (LastErrorException ignored) {
            // nothing to do
        }
    }

    static IOException error(String what, LastErrorException e) {
        return new IOException(what + ": " + strerror(e.getErrorCode()) + " (errno " + e.getErrorCode() + ")");
    }
}
