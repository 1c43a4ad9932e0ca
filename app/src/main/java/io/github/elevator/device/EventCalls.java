package io.github.elevator.device;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * The libc calls {@link DeviceWatcher} needs to sleep until the kernel has news: a uevent netlink
 * socket, poll(2), a pipe to wake it, and inotify. Bound by JNA direct mapping; failing calls
 * throw {@link LastErrorException}.
 */
final class EventCalls {
    static final int AF_NETLINK = 16;
    static final int SOCK_DGRAM = 2;
    static final int SOCK_CLOEXEC = 02000000;
    static final int NETLINK_KOBJECT_UEVENT = 15;
    /** The kernel's own uevents (udevd's re-broadcast is group 2). */
    static final int KERNEL_GROUP = 1;

    static final short POLLIN = 0x1;
    static final short POLLPRI = 0x2;

    static final int O_RDONLY = 0;
    static final int O_NONBLOCK = 04000;
    static final int O_CLOEXEC = 02000000;

    static final int IN_CLOSE_WRITE = 0x8;
    static final int IN_MOVED_FROM = 0x40;
    static final int IN_MOVED_TO = 0x80;
    static final int IN_CREATE = 0x100;
    static final int IN_DELETE = 0x200;

    static final int EINTR = 4;
    static final int EAGAIN = 11;

    static {
        Native.register(Platform.C_LIBRARY_NAME);
    }

    private EventCalls() {
    }

    static native int socket(int domain, int type, int protocol) throws LastErrorException;

    static native int bind(int fd, byte[] address, int length) throws LastErrorException;

    static native int poll(byte[] fds, long count, int timeoutMillis) throws LastErrorException;

    static native long read(int fd, byte[] buffer, long count) throws LastErrorException;

    static native long write(int fd, byte[] buffer, long count) throws LastErrorException;

    static native int pipe2(int[] fds, int flags) throws LastErrorException;

    static native int open(String path, int flags) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native int inotify_init1(int flags) throws LastErrorException;

    static native int inotify_add_watch(int fd, String path, int mask) throws LastErrorException;
}
