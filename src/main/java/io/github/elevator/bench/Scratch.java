package io.github.elevator.bench;

import io.github.elevator.device.BlockDevice;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The private directory write workloads run in: created with a unique name and mode 0700 on a
 * mounted, writable filesystem of the device, and removed with everything in it afterwards.
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

    /** Where write workloads could run on this device, or why they cannot. */
    public static Optional<Path> mountFor(BlockDevice device, StringBuilder whyNot) {
        if (device.mountPoints().isEmpty()) {
            whyNot.append("no filesystem of ").append(device.name()).append(" is mounted");
            return Optional.empty();
        }
        for (String mp : device.mountPoints()) {
            Path p = Path.of(mp);
            try {
                FileStore store = Files.getFileStore(p);
                if (store.isReadOnly()) {
                    whyNot.append(mp).append(" is mounted read-only");
                    continue;
                }
                if (store.getUsableSpace() < MIN_FREE) {
                    whyNot.append(mp).append(" is full (less than 64 MiB free)");
                    continue;
                }
                return Optional.of(p);
            } catch (IOException e) {
                whyNot.append(mp).append(": ").append(e.getMessage());
            }
        }
        return Optional.empty();
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
