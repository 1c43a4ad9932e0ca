package io.github.elevator.helper;

import com.google.gson.Gson;
import io.github.elevator.device.SchedulerLine;
import io.github.elevator.helper.protocol.HelperEvent;

import java.io.IOException;
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

/**
 * One holder per device, and a record root can trust: under {@code /run/elevator/} (root's own
 * folder, gone at reboot like the scheduler setting itself) each device has a lock that every verb
 * changing its scheduler takes, and, while a session has it on a temporary scheduler, a record of
 * what to put back. The record is removed only once the original is really back. A record whose
 * holder died is dealt with by the next helper of any verb ({@link #recoverStale()}); a scheduler
 * changed by hand since then is left alone.
 */
public final class DeviceHolds {
    private static final Gson GSON = new Gson();
    private static final String RECORD = ".json";

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

    /** {@code root} is {@code /} in production; tests hand in a tree of their own. */
    public DeviceHolds(Path root, HelperSysfs sysfs) {
        this.root = root;
        this.dir = root.resolve("run/elevator");
        this.sysfs = sysfs;
    }

    /** Takes {@code device}'s lock (a name the kernel lists), or says who has it. */
    public Hold take(String device) throws IOException, Busy {
        ensureDirectory();
        FileChannel lockFile = FileChannel.open(dir.resolve(device + ".lock"), Set.of(StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        FileLock lock;
        try {
            lock = lockFile.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        }
        if (lock == null) {
            lockFile.close();
            throw new Busy(device, read(device).map(Record::holderPid).orElse(0L));
        }
        return new Hold(device, lockFile);
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
        List<String> listed = sysfs.listedNames();
        for (Record r : records(dir)) {
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

    /** Root's own folder: created 0755 if missing; refused if it is a link, not root's, or writable by others. */
    private void ensureDirectory() throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // checked below like any other
            }
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

        private Hold(String device, FileChannel lock) {
            this.device = device;
            this.lock = lock;
        }

        /** Writes the record before a switch away from {@code original} or a change of its settings, so a crash after it can be undone. */
        public void remember(String original, String current, Map<String, String> originalSettings) throws IOException {
            ProcessStat me = ProcessStat.self();
            Path tmp = dir.resolve(device + RECORD + ".tmp");
            Files.deleteIfExists(tmp);
            Files.writeString(tmp, GSON.toJson(new Record(device, original, current, me.pid(), me.startTicks(), originalSettings)),
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(tmp, dir.resolve(device + RECORD), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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
        public void close() throws IOException {
            lock.close();
        }
    }
}
