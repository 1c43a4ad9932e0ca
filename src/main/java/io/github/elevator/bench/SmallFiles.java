package io.github.elevator.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;

/**
 * The PostMark pattern: a pool of small files in subdirectories, then transactions that each
 * read or append to one file and create or delete another, with fsync, because without it the
 * page cache absorbs everything and no scheduler makes a difference. Ends by deleting the pool
 * and flushing, which counts towards the run's time.
 */
final class SmallFiles {
    static final int SUBDIRS = 10;
    static final int POOL = 300;
    static final int MIN_SIZE = 512;
    static final int MAX_SIZE = 16 * 1024;

    private final Path dir;
    private final Random random = new Random(42);
    private final List<Path> files = new ArrayList<>();
    private final ByteBuffer data = ByteBuffer.allocateDirect(MAX_SIZE);
    private long next;

    SmallFiles(Path scratch) {
        this.dir = scratch.resolve("small-files");
        while (data.hasRemaining()) data.put((byte) random.nextInt());
    }

    void run(Meter meter, BooleanSupplier keepGoing) throws IOException {
        try {
            for (int i = 0; i < SUBDIRS; i++) Files.createDirectories(dir.resolve("d" + i));
            for (int i = 0; i < POOL && keepGoing.getAsBoolean(); i++) create();
            while (keepGoing.getAsBoolean()) {
                long t0 = System.nanoTime();
                long bytes = random.nextBoolean() ? read(pick()) : append(pick());
                bytes += random.nextBoolean() || files.size() < 2 ? create() : delete();
                meter.completed((int) Math.min(bytes, Integer.MAX_VALUE), System.nanoTime() - t0);
            }
        } finally {
            clean();
        }
    }

    private Path pick() throws IOException {
        if (files.isEmpty()) create();
        return files.get(random.nextInt(files.size()));
    }

    private long create() throws IOException {
        Path f = dir.resolve("d" + (next % SUBDIRS)).resolve("f" + next++);
        int size = MIN_SIZE + random.nextInt(MAX_SIZE - MIN_SIZE + 1);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ch.write(data.duplicate().position(0).limit(size));
            ch.force(false);
        }
        files.add(f);
        return size;
    }

    private long read(Path f) throws IOException {
        return Files.readAllBytes(f).length;
    }

    private long append(Path f) throws IOException {
        int size = MIN_SIZE + random.nextInt(4096 - MIN_SIZE + 1);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.APPEND)) {
            ch.write(data.duplicate().position(0).limit(size));
            ch.force(false);
        }
        return size;
    }

    private long delete() throws IOException {
        Path f = files.remove(random.nextInt(files.size()));
        Files.delete(f);
        return 0;
    }

    private void clean() throws IOException {
        for (Path f : files) Files.deleteIfExists(f);
        files.clear();
        for (int i = 0; i < SUBDIRS; i++) Files.deleteIfExists(dir.resolve("d" + i));
        Files.deleteIfExists(dir);
        Scratch.flush(dir.getParent());
    }
}
