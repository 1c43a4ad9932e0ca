package io.github.elevator.device;

import io.github.elevator.text.Messages;

import com.sun.jna.LastErrorException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Tells when something a device list shows may have changed, without rescanning anything while
 * nothing happens. One daemon thread sleeps in poll(2) on:
 * <ul>
 *   <li>the kernel's uevent netlink socket: block devices added, removed or changed (a loop
 *       device attached or detached, a medium inserted), whether or not udevd runs;</li>
 *   <li>{@code /proc/self/mountinfo}, which the kernel flags on every mount and unmount;</li>
 *   <li>inotify on the folders it is given (such as the udev rules folder);</li>
 * </ul>
 * and, because the kernel sends no uevent when a scheduler is switched, it re-reads the
 * {@code queue/scheduler} line (a few bytes each, through files kept open) of the disks named by
 * {@link #checkOften} once per check interval, and of every disk once per {@value #FULL_CHECK_EVERY}
 * intervals (of every disk each interval until told which). Bursts (two hundred loop devices
 * attached at once) are told as one change.
 */
public final class DeviceWatcher implements AutoCloseable {
    /** What changed. */
    public enum Change {
        /** Block devices came, went, or changed (size, medium, scheduler). */
        DEVICES,
        /** Something was mounted or unmounted. */
        MOUNTS,
        /** A file in one of the watched folders was written, created, moved or deleted. */
        FILES
    }

    /**
     * What changed, and which disks: with {@link Change#DEVICES} and {@code disks} empty, it is not
     * known which (read them all); a mount may concern any of them.
     */
    public record Changes(Set<Change> kinds, Set<String> disks) {
        public Changes {
            kinds = Set.copyOf(kinds);
            disks = Set.copyOf(disks);
        }
    }

    /** Every how many checks the disks not named by {@link #checkOften} are compared too. */
    public static final int FULL_CHECK_EVERY = 10;
    private static final int SETTLE_MILLIS = 120;
    private static final int MAX_SETTLE_MILLIS = 600;

    private final Path sysBlock;
    private final int checkMillis;
    private final Consumer<Changes> listener;
    /** Disks named by the events read since the last report. */
    private final Set<String> changedDisks = new java.util.TreeSet<>();
    private final int netlink;
    private final int mounts;
    private final int inotify;
    private final int[] wake = new int[2];
    private final Thread thread;
    private final Map<String, FileChannel> schedulerFiles = new HashMap<>();
    /** Each disk's scheduler line as last read, as bytes: an unchanged line, read every second, makes no garbage. */
    private final Map<String, byte[]> lastSchedulers = new HashMap<>();
    private final ByteBuffer line = ByteBuffer.allocate(256);
    /** The disks compared every check; null: all of them. */
    private volatile Set<String> often;
    private volatile boolean closed;

    private DeviceWatcher(Path root, List<Path> folders, int checkMillis, Consumer<Changes> listener) throws IOException {
        this.sysBlock = root.resolve("sys/block");
        this.checkMillis = checkMillis;
        this.listener = listener;
        try {
            netlink = openNetlink();
            mounts = EventCalls.open(root.resolve("proc/self/mountinfo").toString(), EventCalls.O_RDONLY | EventCalls.O_CLOEXEC);
            inotify = EventCalls.inotify_init1(EventCalls.O_NONBLOCK | EventCalls.O_CLOEXEC);
            for (Path folder : folders) {
                if (!Files.isDirectory(folder)) continue;
                EventCalls.inotify_add_watch(inotify, folder.toString(), EventCalls.IN_CLOSE_WRITE | EventCalls.IN_MOVED_FROM
                        | EventCalls.IN_MOVED_TO | EventCalls.IN_CREATE | EventCalls.IN_DELETE);
            }
            EventCalls.pipe2(wake, EventCalls.O_CLOEXEC | EventCalls.O_NONBLOCK);
        } catch (LastErrorException | UnsatisfiedLinkError e) {
            throw new IOException(Messages.text("device.watcher.failed", e.getMessage()), e);
        }
        readSchedulers(true, null);
        thread = new Thread(this::run, "elevator-device-watcher");
        thread.setDaemon(true);
    }

    /**
     * Starts watching the machine under {@code root} ({@code /} in production) and the given
     * folders; {@code listener} runs on the watcher's own thread. {@code checkMillis} is how often
     * the scheduler files are compared.
     */
    public static DeviceWatcher start(Path root, List<Path> folders, int checkMillis, Consumer<Changes> listener) throws IOException {
        DeviceWatcher watcher = new DeviceWatcher(root, folders, checkMillis, listener);
        watcher.thread.start();
        return watcher;
    }

    private static int openNetlink() {
        int fd = EventCalls.socket(EventCalls.AF_NETLINK, EventCalls.SOCK_DGRAM | EventCalls.SOCK_CLOEXEC,
                EventCalls.NETLINK_KOBJECT_UEVENT);
        // struct sockaddr_nl: family (u16), pad (u16), pid (u32, 0: the kernel picks), groups (u32)
        ByteBuffer address = ByteBuffer.allocate(12).order(ByteOrder.nativeOrder());
        address.putShort((short) EventCalls.AF_NETLINK).putShort((short) 0).putInt(0).putInt(EventCalls.KERNEL_GROUP);
        EventCalls.bind(fd, address.array(), 12);
        return fd;
    }

    private void run() {
        byte[] fds = pollSet();
        byte[] buffer = new byte[16 * 1024];
        long nextCheck = System.nanoTime() + checkMillis * 1_000_000L;
        int checks = 0;
        try {
            while (!closed) {
                int timeout = (int) Math.max(0, (nextCheck - System.nanoTime()) / 1_000_000L);
                Set<Change> changes = EnumSet.noneOf(Change.class);
                if (waitFor(fds, timeout, buffer, changes) && closed) return;
                if (!changes.isEmpty()) {
                    // settle: a burst of events is told once, when it has been quiet for a moment
                    long settleUntil = System.nanoTime() + MAX_SETTLE_MILLIS * 1_000_000L;
                    while (!closed && System.nanoTime() < settleUntil && waitFor(fds, SETTLE_MILLIS, buffer, changes)) {
                        // more came
                    }
                    if (changes.contains(Change.DEVICES)) readSchedulers(true, null);
                }
                if (System.nanoTime() >= nextCheck) {
                    checks = (checks + 1) % FULL_CHECK_EVERY;
                    if (readSchedulers(false, checks == 0 ? null : often)) changes.add(Change.DEVICES);
                    nextCheck = System.nanoTime() + checkMillis * 1_000_000L;
                }
                if (!changes.isEmpty() && !closed) listener.accept(new Changes(changes, changedDisks));
                changedDisks.clear();
            }
        } finally {
            closeAll();
        }
    }

    /** The pollfd array: netlink, mountinfo, inotify, wake pipe. */
    private byte[] pollSet() {
        ByteBuffer b = ByteBuffer.allocate(4 * 8).order(ByteOrder.nativeOrder());
        b.putInt(netlink).putShort(EventCalls.POLLIN).putShort((short) 0);
        b.putInt(mounts).putShort(EventCalls.POLLPRI).putShort((short) 0);
        b.putInt(inotify).putShort(EventCalls.POLLIN).putShort((short) 0);
        b.putInt(wake[0]).putShort(EventCalls.POLLIN).putShort((short) 0);
        return b.array();
    }

    /** Sleeps in poll(2) up to {@code timeout} ms; adds what it learnt to {@code changes}; false on timeout. */
    private boolean waitFor(byte[] fds, int timeout, byte[] buffer, Set<Change> changes) {
        int ready;
        try {
            ready = EventCalls.poll(fds, 4, timeout);
        } catch (LastErrorException e) {
            if (e.getErrorCode() == EventCalls.EINTR) return true;
            throw e;
        }
        if (ready <= 0) return false;
        ByteBuffer b = ByteBuffer.wrap(fds).order(ByteOrder.nativeOrder());
        if (revents(b, 0) != 0 && uevents(buffer)) changes.add(Change.DEVICES);
        // mountinfo reports POLLPRI|POLLERR once per change of the mount table
        if (revents(b, 1) != 0) changes.add(Change.MOUNTS);
        if (revents(b, 2) != 0 && drain(inotify, buffer)) changes.add(Change.FILES);
        if (revents(b, 3) != 0) drain(wake[0], buffer);
        for (int i = 0; i < 4; i++) b.putShort(i * 8 + 6, (short) 0);
        return true;
    }

    private static short revents(ByteBuffer b, int index) {
        return b.getShort(index * 8 + 6);
    }

    /** Reads what the netlink socket holds; true when a message is about a block device. */
    private boolean uevents(byte[] buffer) {
        boolean block = false;
        while (true) {
            long n;
            try {
                n = EventCalls.read(netlink, buffer, buffer.length);
            } catch (LastErrorException e) {
                return block;
            }
            if (n <= 0) return block;
            String message = new String(buffer, 0, (int) n, StandardCharsets.ISO_8859_1);
            if (message.contains("\0SUBSYSTEM=block\0")) {
                block = true;
                String disk = diskOf(message);
                if (disk != null) changedDisks.add(disk);
            }
            if (!pending(netlink)) return block;
        }
    }

    /** The whole disk a uevent is about: the path element after the last "/block/" of its DEVPATH. */
    static String diskOf(String message) {
        for (String field : message.split("\0")) {
            if (!field.startsWith("DEVPATH=")) continue;
            int at = field.lastIndexOf("/block/");
            if (at < 0) return null;
            String rest = field.substring(at + "/block/".length());
            int slash = rest.indexOf('/');
            String disk = slash < 0 ? rest : rest.substring(0, slash);
            return disk.isEmpty() || disk.startsWith(".") ? null : disk;
        }
        return null;
    }

    /** Whether another read would not block, asked through a zero-timeout poll. */
    private static boolean pending(int fd) {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder());
        b.putInt(fd).putShort(EventCalls.POLLIN).putShort((short) 0);
        try {
            return EventCalls.poll(b.array(), 1, 0) > 0;
        } catch (LastErrorException e) {
            return false;
        }
    }

    private static boolean drain(int fd, byte[] buffer) {
        boolean any = false;
        try {
            while (EventCalls.read(fd, buffer, buffer.length) > 0) any = true;
        } catch (LastErrorException e) {
            // EAGAIN: all read
        }
        return any;
    }

    /**
     * Which disks' scheduler lines are compared every check (such as those a window shows, and
     * the one selected); the others are compared every {@value #FULL_CHECK_EVERY} checks. A disk
     * named again after a while is compared with its last reading, so a change made meanwhile is
     * told at the next check. Null compares all of them every check.
     */
    public void checkOften(Set<String> disks) {
        often = disks == null ? null : Set.copyOf(disks);
    }

    /**
     * Re-reads the scheduler line of the disks in {@code only} (null: every disk); true when one
     * differs from the last reading. With {@code relist} (at start and after device events) the
     * disks are listed again first.
     */
    private boolean readSchedulers(boolean relist, Set<String> only) {
        if (relist) relist();
        boolean changed = false;
        // every disk: a copy, as a disk that is gone is dropped meanwhile; the few named: as they are
        for (String name : only == null ? new ArrayList<>(schedulerFiles.keySet()) : only) {
            FileChannel file = schedulerFiles.get(name);
            if (file == null) continue;
            line.clear();
            try {
                file.read(line, 0);
            } catch (IOException gone) {
                closeQuietly(schedulerFiles.remove(name));
                continue;
            }
            byte[] before = lastSchedulers.get(name);
            if (before != null && Arrays.equals(before, 0, before.length, line.array(), 0, line.position())) continue;
            lastSchedulers.put(name, Arrays.copyOf(line.array(), line.position()));
            if (before != null) {
                changed = true;
                changedDisks.add(name);
            }
        }
        return changed;
    }

    private void relist() {
        java.util.Set<String> names = new java.util.HashSet<>();
        try (var entries = Files.newDirectoryStream(sysBlock)) {
            for (Path p : entries) names.add(p.getFileName().toString());
        } catch (IOException e) {
            return;
        }
        schedulerFiles.keySet().removeIf(name -> {
            if (names.contains(name)) return false;
            closeQuietly(schedulerFiles.get(name));
            lastSchedulers.remove(name);
            return true;
        });
        for (String name : names) {
            if (schedulerFiles.containsKey(name)) continue;
            FileChannel file = openScheduler(name);
            if (file != null) schedulerFiles.put(name, file);
        }
    }

    private FileChannel openScheduler(String name) {
        try {
            return FileChannel.open(sysBlock.resolve(name).resolve("queue/scheduler"), StandardOpenOption.READ);
        } catch (IOException | RuntimeException noScheduler) {
            return null;
        }
    }

    private static void closeQuietly(FileChannel c) {
        try {
            if (c != null) c.close();
        } catch (IOException ignored) {
            // closing a sysfs file
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        try {
            EventCalls.write(wake[1], new byte[] {1}, 1);
        } catch (LastErrorException ignored) {
            // the thread ends at its next wake-up anyway
        }
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeAll() {
        for (int fd : new int[] {netlink, mounts, inotify, wake[0], wake[1]}) {
            try {
                EventCalls.close(fd);
            } catch (LastErrorException ignored) {
                // already closed
            }
        }
        schedulerFiles.values().forEach(DeviceWatcher::closeQuietly);
        schedulerFiles.clear();
    }
}
