package io.github.elevator.helper.protocol;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An open descriptor of a block device, read-only and O_DIRECT, and the one way it travels from
 * the root helper to the app: SCM_RIGHTS over the Unix socket that is the helper's standard
 * input (pkexec keeps descriptors 0-2 and closes every other one at exec). The helper opens and
 * checks, sends and closes its copy; the app reads through the one it receives and closes it at
 * the session's end. Neither side takes the other's word: the app checks what arrived is the
 * device it asked for, opened read-only and O_DIRECT.
 * <p>
 * The message layouts (msghdr, cmsghdr) are Linux's on 64-bit machines.
 */
public final class DeviceDescriptor implements AutoCloseable {
    static final int O_RDONLY = 0;
    static final int O_ACCMODE = 03;
    static final int O_NOCTTY = 0400;
    static final int O_DIRECT = 040000;
    static final int O_NOFOLLOW = 0400000;
    static final int O_CLOEXEC = 02000000;
    private static final int SOL_SOCKET = 1;
    private static final int SCM_RIGHTS = 1;
    private static final int MSG_CTRUNC = 0x8;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    private static final int CMSG_LEN = 20;
    private static final int CMSG_SPACE = 24;
    private static final int MSGHDR_SIZE = 56;
    private static final int EINTR = 4;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private final int fd;
    private boolean closed;

    private DeviceDescriptor(int fd) {
        this.fd = fd;
    }

    private static native int open(String path, int flags) throws LastErrorException;

    private static native int close(int fd) throws LastErrorException;

    private static native long sendmsg(int socket, Pointer message, int flags) throws LastErrorException;

    private static native long recvmsg(int socket, Pointer message, int flags) throws LastErrorException;

    private static native String strerror(int errno);

    /**
     * Opens {@code node} as the helper does: read-only, O_DIRECT, close-on-exec, never through a
     * symbolic link, never as a controlling terminal; then checks that what is open is the block
     * device {@code major:minor} (the check is on the open file, so a node swapped after a stat
     * cannot slip through).
     */
    public static DeviceDescriptor openDirect(Path node, String deviceNumber) throws IOException {
        requireLp64();
        int fd;
        try {
            fd = open(node.toString(), O_RDONLY | O_DIRECT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);
        } catch (LastErrorException e) {
            throw error("cannot open " + node + " read-only for direct reading", e);
        }
        DeviceDescriptor d = new DeviceDescriptor(fd);
        try {
            d.requireDevice(deviceNumber, node.toString());
            return d;
        } catch (IOException | RuntimeException e) {
            d.close();
            throw e;
        }
    }

    /** Sends this descriptor over {@code socket} with one byte of data; the receiver gets a copy of its own. */
    public void sendOver(int socket) throws IOException {
        try (Memory message = new Memory(MSGHDR_SIZE); Memory data = new Memory(1); Memory iov = new Memory(16);
             Memory control = new Memory(CMSG_SPACE)) {
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
        }
    }

    /**
     * Takes the descriptor waiting on {@code socket} (the sender sent it before it said it was
     * ready, so nothing is waited for); close-on-exec, so no program this process starts inherits it.
     */
    public static DeviceDescriptor receive(int socket) throws IOException {
        requireLp64();
        try (Memory message = new Memory(MSGHDR_SIZE); Memory data = new Memory(1); Memory iov = new Memory(16);
             Memory control = new Memory(CMSG_SPACE)) {
            control.clear();
            layout(message, iov, data, control);
            long n;
            try {
                n = recvmsg(socket, message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
            } catch (LastErrorException e) {
                throw error("the helper handed over no device", e);
            }
            boolean one = control.getLong(0) == CMSG_LEN && control.getInt(8) == SOL_SOCKET && control.getInt(12) == SCM_RIGHTS;
            if (!one) throw new IOException("the helper handed over no device" + (n == 0 ? " (it closed the socket)" : ""));
            DeviceDescriptor d = new DeviceDescriptor(control.getInt(16));
            if (n != 1 || data.getByte(0) != 'D' || (message.getInt(48) & MSG_CTRUNC) != 0) {
                d.close();
                throw new IOException("the helper's hand-over was not one device");
            }
            return d;
        }
    }

    private static void layout(Memory message, Memory iov, Memory data, Memory control) {
        message.clear();
        iov.setPointer(0, data);
        iov.setLong(8, 1);
        message.setPointer(16, iov);
        message.setLong(24, 1);
        message.setPointer(32, control);
        message.setLong(40, CMSG_SPACE);
    }

    /**
     * Refuses a descriptor that is not the block device {@code major:minor} opened read-only and
     * O_DIRECT; {@code what} names it in the message.
     */
    public void requireDevice(String deviceNumber, String what) throws IOException {
        Path self = Path.of("/proc/self/fd/" + fd);
        int mode = (Integer) Files.getAttribute(self, "unix:mode");
        long rdev = (Long) Files.getAttribute(self, "unix:rdev");
        long major = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
        long minor = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
        if ((mode & 0170000) != 0060000 || !(major + ":" + minor).equals(deviceNumber)) {
            throw new IOException(what + " is not the block device " + deviceNumber);
        }
        int flags = statusFlags();
        if ((flags & O_ACCMODE) != O_RDONLY || (flags & O_DIRECT) == 0) {
            throw new IOException(what + " is not open read-only and O_DIRECT (flags 0" + Integer.toOctalString(flags) + ")");
        }
    }

    /** The open file's status flags as the kernel reports them (fdinfo's octal "flags:"). */
    public int statusFlags() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
            if (line.startsWith("flags:")) return Integer.parseInt(line.substring(6).strip(), 8);
        }
        throw new IOException("no flags for descriptor " + fd);
    }

    public int fd() {
        if (closed) throw new IllegalStateException("the device descriptor is closed");
        return fd;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        try {
            close(fd);
        } catch (LastErrorException ignored) {
            // nothing to do: the number is released either way (Linux closes even on EINTR)
        }
    }

    private static void requireLp64() throws IOException {
        if (Native.POINTER_SIZE != 8 || !Platform.isLinux()) throw new IOException("handing a device over needs 64-bit Linux");
    }

    private static IOException error(String what, LastErrorException e) {
        return new IOException(what + ": " + strerror(e.getErrorCode()) + " (errno " + e.getErrorCode() + ")");
    }
}
