package io.github.elevator.helper;

import io.github.elevator.protocol.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.*;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.regex.*;

/**
 * One holder per device, and a record root can trust. In {@code /run/elevator/} (root's own, gone at
 * reboot like the scheduler setting) each device has a lock every changing verb takes and, while a
 * session has changed it, a record of what to put back, trusted only as root's own regular file,
 * mode 0644, one link, in exactly the form root writes. The lock names its holder, who refreshes its
 * time: one silent for {@link #STALE_SECONDS} (stopped, frozen or stuck) is killed by the next helper
 * that needs the device, which then puts the original back from the record.
 */
public final class DeviceHolds {
    public static final long STALE_SECONDS = HelperProtocol.STALE_SECONDS;
    private static final AtomicInteger OPEN = new AtomicInteger();
    private static final Pattern RECORD = Pattern.compile("\\{\"device\":\"([A-Za-z0-9._!:+-]{1,64})\",\"originalScheduler\":\"([a-z0-9_-]{1,32})\","
            + "\"previousScheduler\":\"([a-z0-9_-]{1,32})\",\"currentScheduler\":\"([a-z0-9_-]{1,32})\",\"holderPid\":([0-9]{1,10}),\"holderStart\":([0-9]{1,20}),\"originalSettings\":\\{(.*)}}");
    private static final Pattern SETTING = Pattern.compile("\"((?:queue/)?[a-z_]{1,32})\":\"(-?[0-9]{1,20})\"");

    /** What to put back, and who holds the device; readable by everyone (the window shows it). */
    public record Record(String device, String originalScheduler, String previousScheduler, String currentScheduler, long holderPid, long holderStart,
                         Map<String, String> originalSettings) {
    }

    static final class Busy extends Exception {
        Busy(String device, long pid) {
            super(device + " is being benchmarked by another Elevator" + (pid > 0 ? " (pid " + pid + ")" : "") + "; nothing was changed");
        }
    }

    private final Path root;
    private final Path dir;
    private final HelperSysfs sysfs;
    private final Consumer<String> notices;

    DeviceHolds(Path root, HelperSysfs sysfs, Consumer<String> notices) {
        this.root = root;
        this.dir = root.resolve("run/elevator");
        this.sysfs = sysfs;
        this.notices = notices;
    }

    /** How many holds this process has open (the one-shot deadline waits for none). */
    static int open() {
        return OPEN.get();
    }

    /** Takes {@code device}'s lock (a name the kernel lists), or says who has it. */
    Hold take(String device) throws IOException, Busy {
        ensureDirectory();
        Path path = dir.resolve(device + ".lock");
        FileChannel file = FileChannel.open(path, Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        FileLock lock = null;
        try {
            String untrusted = untrusted(path, 0600, false);
            if (untrusted != null) throw new IOException("the lock " + path + " is refused: " + untrusted);
            lock = tryLock(file);
            boolean ended = lock == null && endedSilentHolder(device, path);
            for (int i = 0; ended && lock == null && i < 50; i++) {
                LockSupport.parkNanos(100_000_000);
                lock = tryLock(file);
            }
        } finally {
            if (lock == null) file.close();
        }
        if (lock == null) throw new Busy(device, parse(dir.resolve(device + ".json")).map(Record::holderPid).orElse(0L));
        file.truncate(0);
        Hold hold = new Hold(device, file);
        hold.beat();
        OPEN.incrementAndGet();
        return hold;
    }

    private static FileLock tryLock(FileChannel file) throws IOException {
        try {
            return file.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            return null;
        }
    }

    /**
     * Kills the lock's holder when it has been silent for {@link #STALE_SECONDS}, or at once when its
     * record's session is stopped (a helper ignores the terminal's stops: only a signal or a tracer stops one).
     */
    private boolean endedSilentHolder(String device, Path lockPath) throws IOException {
        long age = System.currentTimeMillis() - Files.getLastModifiedTime(lockPath, LinkOption.NOFOLLOW_LINKS).toMillis();
        Path proc = root.resolve("proc");
        // a session that switched names itself in its record too, which is another file than the lock
        boolean stopped = parse(dir.resolve(device + ".json"))
                .flatMap(r -> ProcessStat.still(proc, r.holderPid(), r.holderStart())).filter(ProcessStat::stopped).isPresent();
        if (!stopped && age < TimeUnit.SECONDS.toMillis(STALE_SECONDS)) return false;
        // read only by another process than the holder: closing any descriptor of the file drops the holder's lock
        String holder = Files.readString(lockPath, StandardCharsets.US_ASCII).trim();
        if (!holder.matches("[0-9]{1,10} [0-9]{1,20}")) return false;
        long pid = Long.parseLong(holder.split(" ")[0]);
        if (pid == ProcessHandle.current().pid() || ProcessStat.still(proc, pid, Long.parseLong(holder.split(" ")[1])).isEmpty()) return false;
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().destroyForcibly()) return false;
        try {
            process.get().onExit().get(5, TimeUnit.SECONDS);
        } catch (Exception stillThere) {
            // the lock says whether it is gone
        }
        notices.accept(device + " was held by an Elevator helper (pid " + pid + ") that " + (stopped ? "was stopped" : "had shown no sign of life for "
                + age / 1000 + " s (stopped or stuck)") + "; it was ended");
        return true;
    }

    /** For each record whose holder is dead: puts the original back, forgets a gone device's, names and leaves one it does not trust. */
    List<HelperEvent.Recovered> recoverStale() throws IOException {
        List<HelperEvent.Recovered> done = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return done;
        ensureDirectory();
        List<Record> trusted = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
            for (Path f : files) {
                String untrusted = untrusted(f, 0644, true), name = f.getFileName().toString();
                Optional<Record> record = untrusted == null ? parse(f) : Optional.empty();
                if (record.isPresent()) {
                    trusted.add(record.get());
                    continue;
                }
                String action = "its record " + Printable.quoted(name) + " was refused (" + (untrusted == null ? "not in the form Elevator writes" : untrusted)
                        + "); nothing was put back; remove it once you have looked at it";
                notices.accept(action);
                done.add(new HelperEvent.Recovered(name.substring(0, name.length() - 5), "unknown", 0, action));
            }
        }
        for (Record r : trusted) {
            String device = sysfs.listed(r.device());
            if (device == null) {
                Files.deleteIfExists(dir.resolve(r.device() + ".json"));
                done.add(new HelperEvent.Recovered(r.device(), r.originalScheduler(), r.holderPid(), "the device is gone; nothing to put back"));
                continue;
            }
            try (Hold hold = take(device)) {
                done.add(new HelperEvent.Recovered(device, r.originalScheduler(), r.holderPid(), putBack(r, device)));
                hold.forget();
            } catch (Busy alive) {
                // its holder runs and restores the device itself
            }
        }
        return done;
    }

    /** Why root does not trust this file, or null: a regular file of root's own, with {@code mode} (exactly, or at most), one link. */
    private static String untrusted(Path file, int mode, boolean exact) throws IOException {
        Map<String, Object> a = Files.readAttributes(file, "unix:uid,mode,nlink", LinkOption.NOFOLLOW_LINKS);
        int perms = (Integer) a.get("mode") & 07777;
        if (((Integer) a.get("mode") & 0170000) != 0100000) return "not a regular file";
        if ((Integer) a.get("uid") != ProcessIds.current().effectiveUid()) return "owned by uid " + a.get("uid") + ", not root";
        if (exact ? perms != mode : (perms & ~mode) != 0) return "mode " + Integer.toOctalString(perms) + ", not " + Integer.toOctalString(mode);
        return (Integer) a.get("nlink") != 1 ? a.get("nlink") + " links to it, not 1" : null;
    }

    /** The record is checked again before anything is written: the scheduler against the device's list, settings against Elevator's ranges. */
    private String putBack(Record r, String device) throws IOException {
        DeviceState state = new DeviceState(sysfs, device);
        String now = state.active();
        // a kill between the record and the write leaves the device on the one before: the session's too
        if (!List.of(r.originalScheduler(), r.previousScheduler(), r.currentScheduler()).contains(now)) {
            return "left on " + now + ": it was changed after the benchmark stopped";
        }
        if (!sysfs.readScheduler(device).offers(r.originalScheduler())) return "left on " + now + ": " + r.originalScheduler() + " is no longer offered";
        if (!state.putBack(r.originalScheduler())) return "could not put back " + r.originalScheduler() + "; it reports " + state.active();
        DeviceState.Restored settings = state.restore(r.originalSettings());
        String put = String.join(", ", settings.put());
        return (r.originalScheduler().equals(now) ? "it is on " + now + ", its original scheduler" + (put.isEmpty() ? "" : "; put back " + put)
                : "put back " + r.originalScheduler() + (put.isEmpty() ? "" : " and " + put))
                + (settings.failed().isEmpty() ? "" : "; could not put back " + String.join(", ", settings.failed()));
    }

    /** A record exactly as {@link Hold#remember} writes it (re-encoded byte for byte), named after its device; empty for anything else. */
    private static Optional<Record> parse(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 4096) return Optional.empty();
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            Matcher m = RECORD.matcher(text);
            if (!m.matches() || !file.getFileName().toString().equals(m.group(1) + ".json")) return Optional.empty();
            Map<String, String> settings = new LinkedHashMap<>();
            for (Matcher s = SETTING.matcher(m.group(7)); s.find(); ) settings.put(s.group(1), s.group(2));
            Record r = new Record(m.group(1), m.group(2), m.group(3), m.group(4), Long.parseLong(m.group(5)), Long.parseLong(m.group(6)), settings);
            return JsonText.of(r).equals(text) ? Optional.of(r) : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** Root's own folder, created 0755 whatever the umask; refused if it is a link, not root's, or writable by others. */
    private void ensureDirectory() throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            RootFiles.folder(dir);
        }
        Map<String, Object> a = Files.readAttributes(dir, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
        if (((Integer) a.get("mode") & 0170022) != 0040000 || (Integer) a.get("uid") != ProcessIds.current().effectiveUid()) {
            throw new IOException(dir + " is not root's own folder; refusing to keep records there");
        }
    }

    /** A device's lock while held; closing releases it. */
    final class Hold implements AutoCloseable {
        private final String device;
        private final FileChannel lock;
        private boolean closed;

        private Hold(String device, FileChannel lock) {
            this.device = device;
            this.lock = lock;
        }

        /** Written before each scheduler write ({@code previous}: the one it is on, {@code current}: the one written), so a kill at any instant can be undone. */
        void remember(String original, String previous, String current, Map<String, String> originalSettings) throws IOException {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + " was removed while " + device + " was held");
            ProcessStat me = ProcessStat.self();
            Path tmp = dir.resolve(device + ".json.tmp");
            Files.deleteIfExists(tmp);
            RootFiles.create(tmp, JsonText.of(new Record(device, original, previous, current, me.pid(), me.startTicks(), originalSettings))
                    .getBytes(StandardCharsets.US_ASCII), 0644);
            try {
                Files.move(tmp, dir.resolve(device + ".json"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
        }

        /** The holder still runs: written through the lock's own descriptor (closing any other descriptor of the file drops the lock). */
        void beat() throws IOException {
            ProcessStat me = ProcessStat.self();
            lock.write(ByteBuffer.wrap((me.pid() + " " + me.startTicks() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        }

        void forget() throws IOException {
            Files.deleteIfExists(dir.resolve(device + ".json"));
        }

        @Override
        public synchronized void close() throws IOException {
            if (closed) return;
            closed = true;
            OPEN.decrementAndGet();
            lock.close();
        }
    }
}
