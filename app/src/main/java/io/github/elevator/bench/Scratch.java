package io.github.elevator.bench;

import io.github.elevator.text.Sentences;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The private directory write workloads run in: created by the app, with the rights of the person
 * who runs it, with a unique name and mode 0700 on a filesystem of the device they can write, and
 * removed with everything in it afterwards. Root never works in it.
 */
public final class Scratch implements AutoCloseable {
    /** Write workloads need at least this much free space. */
    public static final long MIN_FREE = 64L << 20;

    private final Path dir;

    private Scratch(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Where write workloads can run on this device for this process, or empty. */
    public static Optional<Path> writableMount(BlockDevice device) {
        return writableMount(device, new StringBuilder());
    }

    /**
     * A mounted filesystem of the device whose top folder this process may write: write workloads run
     * with the rights of whoever runs Elevator, so a folder they cannot write is refused, not forced.
     * Run as root, only a top folder that no one else can write will do, so that no other user can
     * swap what root writes into. A top folder the person cannot write (the system disk's {@code /})
     * gives way to their home, where it lies on the same filesystem.
     */
    public static Optional<Path> writableMount(BlockDevice device, StringBuilder whyNot) {
        whyNot.setLength(0);
        if (device.mountPoints().isEmpty()) {
            whyNot.append(Messages.text("bench.scratch.not-mounted", device.name()));
            return Optional.empty();
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Reasons reasons = new Reasons();
        for (String mp : device.mountPoints()) {
            try {
                Path p = homeOn(Path.of(mp));
                FileStore store = Files.getFileStore(p);
                if (store.isReadOnly()) {
                    reasons.add("bench.scratch.read-only", mp);
                } else if (store.getUsableSpace() < MIN_FREE) {
                    reasons.add("bench.scratch.full", mp);
                } else if (!Files.isWritable(p)) {
                    reasons.add("bench.scratch.not-writable", mp);
                } else if (root && !onlyRootWrites(p)) {
                    reasons.add("bench.scratch.others-write", mp);
                } else {
                    return Optional.of(p);
                }
            } catch (java.nio.file.NoSuchFileException e) {
                reasons.add("bench.scratch.unreachable", mp);
            } catch (IOException e) {
                reasons.failed(mp, e.getMessage());
            }
        }
        whyNot.append(reasons.said());
        return Optional.empty();
    }

    /**
     * Why no folder will do, each reason said once: the folders a reason holds for are named
     * together ("you cannot write in / and /tmp (write workloads run with your own rights)"), so
     * that a long explanation is not repeated for every folder.
     */
    static final class Reasons {
        private static final String FAILED = "bench.scratch.failed";
        /** Per message key, the folders it holds for; under {@link #FAILED}, each failure in its own words. */
        private final Map<String, List<String>> folders = new LinkedHashMap<>();

        void add(String key, String folder) {
            folders.computeIfAbsent(key, k -> new ArrayList<>()).add(folder);
        }

        void failed(String folder, String error) {
            add(FAILED, Messages.text(FAILED, folder, error));
        }

        String said() {
            List<String> clauses = new ArrayList<>();
            folders.forEach((key, where) -> {
                if (key.equals(FAILED)) clauses.addAll(where);
                else clauses.add(where.size() == 1 ? Messages.text(key, where.get(0)) : Messages.text(key + ".several", Sentences.list(where)));
            });
            return Sentences.clauses(clauses);
        }
    }

    /** The person's home where {@code mountPoint} cannot be written and the home lies on its filesystem; else {@code mountPoint}. */
    static Path homeOn(Path mountPoint) throws IOException {
        if (Files.isWritable(mountPoint)) return mountPoint;
        Path home = Path.of(System.getProperty("user.home"));
        if (!Files.isDirectory(home) || !Files.getFileStore(home).equals(Files.getFileStore(mountPoint))) return mountPoint;
        return home;
    }

    private static boolean onlyRootWrites(Path dir) throws IOException {
        int owner = (Integer) Files.getAttribute(dir, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        var mode = Files.getPosixFilePermissions(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        return owner == 0 && !mode.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                && !mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
    }

    public static Scratch create(Path mountPoint) throws IOException {
        return new Scratch(Files.createTempDirectory(mountPoint, ".elevator-bench-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
    }

    /** Removes the directory and all it holds; safe to call twice and from a shutdown hook. */
    @Override
    public synchronized void close() throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        }
        flush(dir.getParent());
    }

    /** fsync of a directory, so creations and deletions reach the device before the clock stops. */
    static void flush(Path directory) {
        try (FileChannel ch = FileChannel.open(directory, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException ignored) {
            // not every filesystem lets a directory be synced; the data itself was forced already
        }
    }
}
