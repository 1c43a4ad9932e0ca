package io.github.elevator.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.BooleanSupplier;

/**
 * One unit of the PostMark pattern, the same every time (a fixed seed): a pool of {@link #POOL}
 * small files in subdirectories, then {@link #TRANSACTIONS} transactions that each read or append
 * to one file and create or delete another, then the pool deleted and the folder flushed. Every
 * write is forced, because without fsync the page cache absorbs everything and no scheduler makes a
 * difference. A unit is a fixed amount of work, timed whole (PostMark's way), so a slow device
 * takes longer over it instead of finishing none of it.
 */
final class SmallFiles {
    static final int SUBDIRS = 10;
    static final int POOL = 100;
    static final int TRANSACTIONS = 100;
    static final int MIN_SIZE = 512;
    static final int MAX_SIZE = 16 * 1024;
    static final int MAX_APPEND = 4096;
    private static final long SEED = 42;

    /** Where a unit's operations go: the filesystem, or a tally of what they would write. */
    interface Disk {
        void create(Path f, ByteBuffer data) throws IOException;

        long read(Path f) throws IOException;

        void append(Path f, ByteBuffer data) throws IOException;

        void delete(Path f) throws IOException;
    }

    private final Path dir;
    private final Disk disk;
    private final Random random = new Random(SEED);
    private final List<Path> files = new ArrayList<>();
    private final ByteBuffer data;
    private long next;

    private SmallFiles(Path scratch, Disk disk, ByteBuffer data) {
        this.dir = scratch.resolve("small-files");
        this.disk = disk;
        this.data = data;
    }

    /** Runs {@code units} units back to back in {@code scratch}, one transaction a meter operation; stops early when cancelled. */
    static void run(Path scratch, int units, Meter meter, BooleanSupplier cancelled) throws IOException {
        ByteBuffer data = ByteBuffer.allocateDirect(MAX_SIZE);
        Random fill = new Random(SEED);
        while (data.hasRemaining()) data.put((byte) fill.nextInt());
        for (int u = 0; u < units && !cancelled.getAsBoolean(); u++) {
            SmallFiles unit = new SmallFiles(scratch, new RealDisk(), data);
            try {
                for (int i = 0; i < SUBDIRS; i++) Files.createDirectories(unit.dir.resolve("d" + i));
                unit.work(meter, cancelled);
            } catch (IOException e) {
                // the cause, not what the clean-up after it met (a folder left not empty)
                IOException cause = full(e) ? new IOException(io.github.elevator.text.Messages.text("bench.small-files.full", scratch), e) : e;
                try {
                    unit.clean();
                } catch (IOException alsoClean) {
                    cause.addSuppressed(alsoClean);
                }
                throw cause;
            }
            unit.clean();
        }
    }

    /** What one unit writes, and the most its files hold at once: worked out from the unit itself, without any I/O. */
    static Tally tally() {
        Tally tally = new Tally();
        SmallFiles unit = new SmallFiles(Path.of("small-files-tally"), tally, ByteBuffer.allocate(MAX_SIZE));
        try {
            unit.work(new Meter(), () -> false);
            unit.clean();
        } catch (IOException e) {
            throw new IllegalStateException("a tally does no I/O", e); // untranslated: a bug
        }
        return tally;
    }

    private void work(Meter meter, BooleanSupplier cancelled) throws IOException {
        for (int i = 0; i < POOL && !cancelled.getAsBoolean(); i++) create();
        for (int i = 0; i < TRANSACTIONS && !cancelled.getAsBoolean(); i++) {
            long t0 = System.nanoTime();
            long bytes = random.nextBoolean() ? disk.read(pick()) : append(pick());
            bytes += random.nextBoolean() || files.size() < 2 ? create() : delete();
            meter.completed((int) Math.min(bytes, Integer.MAX_VALUE), System.nanoTime() - t0);
        }
    }

    private Path pick() throws IOException {
        if (files.isEmpty()) create();
        return files.get(random.nextInt(files.size()));
    }

    private long create() throws IOException {
        Path f = dir.resolve("d" + (next % SUBDIRS)).resolve("f" + next++);
        int size = MIN_SIZE + random.nextInt(MAX_SIZE - MIN_SIZE + 1);
        files.add(f); // before it is written: a file left half-written (a full disk) is removed with the others
        disk.create(f, data.duplicate().position(0).limit(size));
        return size;
    }

    /** ENOSPC, as the JDK words it (a plain IOException, no type of its own). */
    private static boolean full(IOException e) {
        return e.getMessage() != null && e.getMessage().contains("No space left on device"); // untranslated: the JDK's own words matched
    }

    private long append(Path f) throws IOException {
        int size = MIN_SIZE + random.nextInt(MAX_APPEND - MIN_SIZE + 1);
        disk.append(f, data.duplicate().position(0).limit(size));
        return size;
    }

    private long delete() throws IOException {
        disk.delete(files.remove(random.nextInt(files.size())));
        return 0;
    }

    private void clean() throws IOException {
        for (Path f : files) disk.delete(f);
        files.clear();
        if (disk instanceof RealDisk) {
            for (int i = 0; i < SUBDIRS; i++) Files.deleteIfExists(dir.resolve("d" + i));
            Files.deleteIfExists(dir);
            Scratch.flush(dir.getParent());
        }
    }

    /** The filesystem: every write forced. */
    private static final class RealDisk implements Disk {
        @Override
        public void create(Path f, ByteBuffer data) throws IOException {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                while (data.hasRemaining()) ch.write(data);
                ch.force(false);
            }
        }

        @Override
        public long read(Path f) throws IOException {
            return Files.readAllBytes(f).length;
        }

        @Override
        public void append(Path f, ByteBuffer data) throws IOException {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.APPEND)) {
                while (data.hasRemaining()) ch.write(data);
                ch.force(false);
            }
        }

        @Override
        public void delete(Path f) throws IOException {
            Files.deleteIfExists(f);
        }
    }

    /** What a unit would write, counted instead of written. */
    static final class Tally implements Disk {
        private final Map<Path, Long> sizes = new HashMap<>();
        private long held;
        private long peak;
        private long written;

        @Override
        public void create(Path f, ByteBuffer data) {
            grow(f, data.remaining());
        }

        @Override
        public long read(Path f) {
            return sizes.getOrDefault(f, 0L);
        }

        @Override
        public void append(Path f, ByteBuffer data) {
            grow(f, data.remaining());
        }

        @Override
        public void delete(Path f) {
            Long size = sizes.remove(f);
            if (size != null) held -= size;
        }

        private void grow(Path f, int bytes) {
            sizes.merge(f, (long) bytes, Long::sum);
            held += bytes;
            written += bytes;
            peak = Math.max(peak, held);
        }

        /** Bytes of file data the unit writes. */
        long written() {
            return written;
        }

        /** The most file data the unit's folder holds at once. */
        long peak() {
            return peak;
        }
    }
}
