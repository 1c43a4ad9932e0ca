package io.github.elevator.protocol;

import com.sun.jna.*;

import java.io.IOException;
import java.nio.file.*;

/**
 * The app's descriptor of the device a benchmark session reads: the one the helper handed over
 * ({@link DescriptorPassing}), taken from the socket, or for a kind root hands over to no one the
 * app's own open of the node. Either is checked to be the device asked for, opened read-only and
 * O_DIRECT (the app does not take the helper's word), read through, and closed at the session's end.
 */
public final class DeviceDescriptor implements AutoCloseable {
    private static final int MSG_CTRUNC = 0x8;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    private static final int EAGAIN = 11;
    private static final int O_ACCMODE = 03;
    private static final int O_DIRECT = 040000;

    private final int fd;
    private boolean closed;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private static native long recvmsg(int socket, Pointer message, int flags) throws LastErrorException;

    private DeviceDescriptor(int fd) {
        this.fd = fd;
    }

    /**
     * Takes the descriptor waiting on {@code socket} (the sender sent it before it said it was
     * ready, so nothing is waited for), or null when none waits; close-on-exec, so no program this
     * process starts inherits it.
     */
    public static DeviceDescriptor receive(int socket) throws IOException {
        if (Native.POINTER_SIZE != 8) throw new IOException("handing a device over needs 64-bit Linux");
        try (Memory message = new Memory(DescriptorPassing.MSGHDR_SIZE); Memory data = new Memory(1); Memory iov = new Memory(16);
             Memory control = new Memory(DescriptorPassing.CMSG_SPACE)) {
            control.clear();
            DescriptorPassing.layout(message, iov, data, control);
            long n;
            try {
                n = recvmsg(socket, message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
            } catch (LastErrorException e) {
                if (e.getErrorCode() == EAGAIN) return null;
                throw DescriptorPassing.error("the helper handed over no device", e);
            }
            boolean one = control.getLong(0) == DescriptorPassing.CMSG_LEN && control.getInt(8) == DescriptorPassing.SOL_SOCKET
                    && control.getInt(12) == DescriptorPassing.SCM_RIGHTS;
            if (!one) throw new IOException("the helper handed over no device" + (n == 0 ? " (it closed the socket)" : ""));
            DeviceDescriptor d = new DeviceDescriptor(control.getInt(16));
            if (n != 1 || data.getByte(0) != 'D' || (message.getInt(48) & MSG_CTRUNC) != 0) {
                d.close();
                throw new IOException("the helper's hand-over was not one device");
            }
            return d;
        }
    }

    /** {@code node} opened by this process, read-only, O_DIRECT and close-on-exec, never through a link. */
    public static DeviceDescriptor open(Path node) throws IOException {
        return new DeviceDescriptor(DescriptorPassing.openReadOnly(node));
    }

    /** Refuses a descriptor that is not the block device {@code major:minor} opened read-only and O_DIRECT; {@code what} names it. */
    public void requireDevice(String deviceNumber, String what) throws IOException {
        DescriptorPassing.check(fd(), deviceNumber, what);
        int flags = statusFlags();
        if ((flags & O_ACCMODE) != 0 || (flags & O_DIRECT) == 0) {
            throw new IOException(what + " is not open read-only and O_DIRECT (flags 0" + Integer.toOctalString(flags) + ")");
        }
    }

    /** The open file's status flags as the kernel reports them (fdinfo's octal "flags:"). */
    public int statusFlags() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd()))) {
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
        DescriptorPassing.closeQuietly(fd);
    }
}
