package io.github.elevator.helper;

import com.google.gson.Gson;
import io.github.elevator.device.SchedulerLine;
import io.github.elevator.device.TunableLimits;
import io.github.elevator.helper.protocol.HelperEvent;
import io.github.elevator.text.Printable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One holder per device, and a record root can trust: under {@code /run/elevator/} (root's own
 * folder, gone at reboot like the scheduler setting itself) each device has a lock that every verb
 * changing its scheduler takes, and, while a session has it on a temporary scheduler, a record of
 * what to put back. The record is removed only once the original is really back. A record whose
 * holder died is dealt with by the next helper of any verb ({@link #recoverStale()}); a scheduler
 * changed by hand since then is left alone.
 * <p>
 * Root trusts a record only when it is root's own regular file, mode 0644, with one link; any other
 * is refused and named, never acted on. What a trusted record says is checked again before it is
 * written: the original scheduler against the device's own list, its settings against Elevator's
 * ranges ({@link DeviceSettings#restore}). The lock file names its holder, and a holder refreshes
 * its time while it runs ({@link Hold#beat()}): one that has shown no sign of life for
 * {@link #STALE_SECONDS} (stopped, by a signal or a cgroup freezer, or stuck) is ended by the next
 * helper that needs the device, which then puts the original back from the record.
 */
public final class DeviceHolds {
    private static final Gson GSON = new Gson();
    private static final String RECORD = ".json";
    /** As long as a session may wait for its next command: a holder silent for longer is not serving anyone. */
    public static final long STALE_SECONDS = 120;
    private static final AtomicInteger OPEN = new AtomicInteger();

    /** What to put back, and who holds the device. Readable by everyone (the window shows it). */
    public record Record(String device, String originalScheduler, String currentScheduler, long holderPid, long holderStart,
                         Map<String, String> originalSettings) {
    }

    /** Another live helper holds the device. */
    public static final class Busy extends Exception {
        public Busy(String device, long pid) {
            super(device + " is being benchmarked by another Elevator" + (pid > 0 ? " (pid " + pid + ")" : "")
                    + "; nothing was changed");
        }
    }

    private final Path root;
    private final Path dir;
    private final HelperSysfs sysfs;
    private final Consumer<String> notices;

    /** {@code root} is {@code /} in production; tests hand in a tree of their own. {@code notices} hears what was refused or ended. */
    public DeviceHolds(Path root, HelperSysfs sysfs, Consumer<String> notices) {
        this.root = root;
        this.dir = root.resolve("run/elevator");
        this.sysfs = sysfs;
        this.notices = notices;
    }

    /** How many holds this process has open now (the one-shot deadline waits for none). */
    static int open() {
        return OPEN.get();
    }

    /** Takes {@code device}'s lock (a name the kernel lists), or says who has it. */
    public Hold take(String device) throws IOException, Busy {
        ensureDirectory();
        Path path = dir.resolve(device + ".lock");
        FileChannel lockFile = FileChannel.open(path, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        FileLock lock = null;
        try {
            String untrusted = untrusted(path, "rw-------", false);
            if (untrusted != null) throw new IOException("the lock " + path + " is refused: " + untrusted);
            lock = tryLock(lockFile);
            if (lock == null && endedSilentHolder(device, path)) {
                for (int i = 0; i < 50 && lock == null; i++) {
                    sleep(100);
                    lock = tryLock(lockFile);
                }
            }
        } finally {
            if (lock == null) lockFile.close();
        }
        if (lock == null) throw new Busy(device, read(device).map(Record::holderPid).orElse(0L));
        lockFile.truncate(0);
        Hold hold = new Hold(device, lockFile);
        hold.beat();
        OPEN.incrementAndGet();
        return hold;
    }

    private static FileLock tryLock(FileChannel lockFile) throws IOException {
        try {
            return lockFile.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            return null;
        }
    }

    /**
     * Ends the holder named in the lock file when its time there is older than {@link #STALE_SECONDS}
     * and it is still the same process; true when it was ended.
     */
    private boolean endedSilentHolder(String device, Path lockPath) throws IOException {
        long age = System.currentTimeMillis() - Files.getLastModifiedTime(lockPath, LinkOption.NOFOLLOW_LINKS).toMillis();
        if (age < TimeUnit.SECONDS.toMillis(STALE_SECONDS)) return false;
        // read by another process than the holder (a holder reading its own lock file would lose the lock)
        String[] holder = Files.readString(lockPath, StandardCharsets.US_ASCII).trim().split(" ");
        if (holder.length != 2 || !TunableLimits.isDigits(holder[0]) || !TunableLimits.isDigits(holder[1])) return false;
        long pid = Long.parseLong(holder[0]);
        if (pid == ProcessHandle.current().pid() || !ProcessStat.alive(root.resolve("proc"), pid, Long.parseLong(holder[1]))) return false;
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().destroyForcibly()) return false;
        try {
            process.get().onExit().get(5, TimeUnit.SECONDS);
        } catch (Exception stillThere) {
            // the lock says whether it is gone
        }
        notices.accept(device + " was held by an Elevator helper (pid " + pid + ") that had shown no sign of life for "
                + age / 1000 + " s (stopped or stuck); it was ended");
        return true;
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for a lock");
        }
    }

    /** Every record in the folder, as written (the window and the CLI read them too). */
    public static List<Record> records(Path runElevator) {
        List<Record> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(runElevator, "*" + RECORD)) {
            for (Path f : files) parse(f).ifPresent(found::add);
        } catch (IOException noFolder) {
            // nothing held, nothing left over
        }
        return found;
    }

    /**
     * Deals with every record whose holder is dead: puts the original back when the device is still
     * on the scheduler the dead session set, leaves a scheduler someone chose since then alone,
     * forgets records of devices that are gone. Records of live holders are not touched.
     */
    public List<HelperEvent.Recovered> recoverStale() throws IOException {
        List<HelperEvent.Recovered> done = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return done;
        ensureDirectory();
        List<String> listed = sysfs.listedNames();
        List<Record> trusted = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + RECORD)) {
            for (Path f : files) {
                String untrusted = untrusted(f, "rw-r--r--", true);
                if (untrusted == null) {
                    parse(f).ifPresent(trusted::add);
                    continue;
                }
                String name = f.getFileName().toString();
                String action = "its record " + Printable.quoted(name) + " was refused (" + untrusted + "); nothing was put back;"
                        + " remove it once you have looked at it";
                notices.accept(action);
                done.add(new HelperEvent.Recovered(name.substring(0, name.length() - RECORD.length()), "unknown", 0, action));
            }
        }
        for (Record r : trusted) {
            String device = listed.stream().filter(n -> n.equals(r.device())).findFirst().orElse(null);
            if (device == null) {
                Files.deleteIfExists(dir.resolve(r.device() + RECORD));
                done.add(new HelperEvent.Recovered(r.device(), r.originalScheduler(), r.holderPid(),
                        "the device is gone; nothing to put back"));
                continue;
            }
            try (Hold hold = take(device)) {
                done.add(new HelperEvent.Recovered(device, r.originalScheduler(), r.holderPid(), putBack(r, device)));
                hold.forget();
            } catch (Busy alive) {
                // its holder runs: it restores the device itself
            }
        }
        return done;
    }

    /**
     * Why root does not trust this file, or null: it must be a regular file of root's (this
     * process's own user), with {@code mode} (exactly, or at most) and one link (a second link could
     * be anyone's name for it).
     */
    private static String untrusted(Path file, String mode, boolean exact) throws IOException {
        Map<String, Object> a = Files.readAttributes(file, "unix:uid,mode,nlink", LinkOption.NOFOLLOW_LINKS);
        int type = (Integer) a.get("mode") & 0170000;
        int perms = (Integer) a.get("mode") & 07777;
        int wanted = 0;
        for (PosixFilePermission p : PosixFilePermissions.fromString(mode)) wanted |= 0400 >> p.ordinal();
        if (type != 0100000) return "not a regular file";
        if ((Integer) a.get("uid") != ProcessIds.current().effectiveUid()) return "owned by uid " + a.get("uid") + ", not root";
        if (exact ? perms != wanted : (perms & ~wanted) != 0) {
            return "mode " + Integer.toOctalString(perms) + ", not " + Integer.toOctalString(wanted);
        }
        if ((Integer) a.get("nlink") != 1) return a.get("nlink") + " links to it, not 1";
        return null;
    }

    private String putBack(Record r, String device) throws IOException {
        SchedulerLine now = sysfs.readScheduler(device);
        if (r.originalScheduler().equals(now.active())) return "it is on " + now.active() + ", its original scheduler" + settingsBack(r, device);
        if (!r.currentScheduler().equals(now.active())) {
            return "left on " + now.active() + ": it was changed after the benchmark stopped";
        }
        if (!now.offers(r.originalScheduler())) return "left on " + now.active() + ": " + r.originalScheduler() + " is no longer offered";
        String original = now.listed(r.originalScheduler()).orElseThrow();
        sysfs.writeScheduler(device, original);
        String after = sysfs.readScheduler(device).active();
        return original.equals(after) ? "put back " + original + settingsBack(r, device)
                : "could not put back " + original + "; it reports " + after;
    }

    /** The original scheduler's own settings, which a variant changed or a switch away and back reset. */
    private String settingsBack(Record r, String device) throws IOException {
        List<String> failed = new DeviceSettings(root, device).restore(r.originalSettings());
        return failed.isEmpty() ? "" : "; could not put back " + String.join(", ", failed);
    }

    private Optional<Record> read(String device) {
        return parse(dir.resolve(device + RECORD));
    }

    private static Optional<Record> parse(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 4096) return Optional.empty();
            Record r = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), Record.class);
            boolean whole = r != null && r.device() != null && r.originalScheduler() != null && r.currentScheduler() != null
                    && file.getFileName().toString().equals(r.device() + RECORD);
            return whole ? Optional.of(r) : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** Root's own folder: created 0755 if missing (whatever the umask); refused if it is a link, not root's, or writable by others. */
    private void ensureDirectory() throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            RootFiles.folder(dir);
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + " is not a folder");
        int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (owner != ProcessIds.current().effectiveUid() || mode.contains(PosixFilePermission.GROUP_WRITE)
                || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IOException(dir + " is not root's own folder; refusing to keep records there");
        }
    }

    /** A device's lock while held; closing releases it. */
    public final class Hold implements AutoCloseable {
        private final String device;
        private final FileChannel lock;
        private boolean closed;

        private Hold(String device, FileChannel lock) {
            this.device = device;
            this.lock = lock;
        }

        /** Writes the record before a switch away from {@code original} or a change of its settings, so a crash after it can be undone. */
        public void remember(String original, String current, Map<String, String> originalSettings) throws IOException {
            ProcessStat me = ProcessStat.self();
            Path tmp = dir.resolve(device + RECORD + ".tmp");
            Files.deleteIfExists(tmp);
            RootFiles.create(tmp, GSON.toJson(new Record(device, original, current, me.pid(), me.startTicks(), originalSettings))
                    .getBytes(StandardCharsets.UTF_8), 0644);
            try {
                Files.move(tmp, dir.resolve(device + RECORD), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
        }

        /**
         * Shows that the holder still runs (the lock file's time); a session calls it every few seconds.
         * Written through the lock's own descriptor: the lock is a POSIX record lock, which the
         * process loses when it closes any descriptor of that file, as setting its time by path would.
         */
        public void beat() throws IOException {
            ProcessStat me = ProcessStat.self();
            lock.write(ByteBuffer.wrap((me.pid() + " " + me.startTicks() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        }

        /** The original is back: the record goes. */
        public void forget() throws IOException {
            try {
                Files.delete(dir.resolve(device + RECORD));
            } catch (NoSuchFileException never) {
                // nothing was switched
            }
        }

        @Override
        public synchronized void close() throws IOException {
            if (closed) return;
            closed = true;
            try {
                lock.close();
            } finally {
                OPEN.decrementAndGet();
            }
        }
    }
}
