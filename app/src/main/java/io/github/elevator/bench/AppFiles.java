package io.github.elevator.bench;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;

/**
 * A set of files laid out like an installed application: shared libraries, plugins, locale files,
 * data and icons in a few sub-folders, 4 KiB to 256 KiB each, sizes spread evenly on a log scale within
 * each kind (many small icons, fewer large libraries), about 12 MiB in all. The same names, sizes
 * and reading order every time (a fixed seed), so every scheduler starts the same application.
 * The reading order mixes the kinds, as a program that loads a library, then a resource, then
 * another library does, and differs from the order the files were written in.
 */
public final class AppFiles {
    static final String FOLDER = "app-start";
    static final int MIN_SIZE = 4 << 10;
    static final int MAX_SIZE = 256 << 10;
    /** A drop counts as done when at most this share of the set's pages stayed cached. */
    static final double RESIDENT_TOLERANCE = 0.01;

    /** One kind of file: where it lives, how many, and the range of its sizes. */
    record Kind(String folder, String prefix, int count, int minSize, int maxSize) {
    }

    static final List<Kind> KINDS = List.of(
            new Kind("lib", "lib", 48, 64 << 10, MAX_SIZE),
            new Kind("lib/plugins", "plugin", 32, 16 << 10, 128 << 10),
            new Kind("share/locale", "messages", 32, 8 << 10, 64 << 10),
            new Kind("share/data", "resource", 80, MIN_SIZE, 64 << 10),
            new Kind("share/icons", "icon", 128, MIN_SIZE, 16 << 10));

    /** One file of the set, by its path under the set's folder. */
    public record File(String name, int size) {
    }

    private final Path root;
    private final List<File> readingOrder;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(MAX_SIZE);

    private AppFiles(Path root, List<File> readingOrder) {
        this.root = root;
        this.readingOrder = readingOrder;
    }

    /** The names and sizes of the set, in the order a start reads them. */
    static List<File> plan() {
        Random random = new Random(20_140_421);
        List<File> files = new ArrayList<>();
        for (Kind k : KINDS) {
            double ratio = Math.log((double) k.maxSize() / k.minSize());
            for (int i = 0; i < k.count(); i++) {
                int size = (int) Math.round(k.minSize() * Math.exp(random.nextDouble() * ratio));
                files.add(new File(k.folder() + "/" + k.prefix() + i + ".bin", Math.max(MIN_SIZE, Math.min(MAX_SIZE, size))));
            }
        }
        Collections.shuffle(files, random);
        return List.copyOf(files);
    }

    /**
     * Writes the set into {@code scratch} (a folder of this process's own) and flushes it to the
     * device. Files are created new, never opened through an existing name.
     */
    public static AppFiles layOut(Path scratch) throws IOException {
        PageCache.checkSupported();
        Path root = scratch.resolve(FOLDER);
        Files.createDirectory(root);
        for (Kind k : KINDS) Files.createDirectories(root.resolve(k.folder()));
        List<File> plan = plan();
        List<File> writingOrder = new ArrayList<>(plan);
        writingOrder.sort((a, b) -> a.name().compareTo(b.name()));
        Random content = new Random(7);
        byte[] bytes = new byte[MAX_SIZE];
        for (File f : writingOrder) {
            content.nextBytes(bytes);
            try (FileChannel ch = FileChannel.open(root.resolve(f.name()), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer data = ByteBuffer.wrap(bytes, 0, f.size());
                while (data.hasRemaining()) ch.write(data);
            }
        }
        PageCache.syncFilesystem(root);
        return new AppFiles(root, plan);
    }

    public Path root() {
        return root;
    }

    public List<File> readingOrder() {
        return readingOrder;
    }

    public long totalBytes() {
        return readingOrder.stream().mapToLong(File::size).sum();
    }

    /**
     * Makes every file of the set cold: one sync of the filesystem, {@code posix_fadvise(DONTNEED)}
     * of each file, then a check with {@code mincore} that the pages really left the page cache; if
     * some stayed, once more with an fsync of each file first. (One fsync per file every time cost
     * 40 ms to a second per start on a busy machine: each asks the device to flush its cache.)
     *
     * @throws IOException when more than {@link #RESIDENT_TOLERANCE} of the pages stay cached (something
     *                     else maps the files, or the filesystem keeps them): a start would then be warm
     */
    public void dropCaches() throws IOException {
        PageCache.syncFilesystem(root);
        long resident = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            for (File f : readingOrder) PageCache.drop(root.resolve(f.name()), attempt > 0);
            resident = residentPages();
            if (resident == 0) return;
        }
        long pages = readingOrder.stream().mapToLong(f -> (f.size() + PageCache.pageSize() - 1) / PageCache.pageSize()).sum();
        if (resident > pages * RESIDENT_TOLERANCE) {
            throw new IOException(Messages.count("bench.app-files.still-cached", pages, resident));
        }
    }

    /** Pages of the set in the page cache now. */
    public long residentPages() throws IOException {
        long resident = 0;
        for (File f : readingOrder) resident += PageCache.residentPages(root.resolve(f.name()), f.size());
        return resident;
    }

    /**
     * One start: reads every file whole, in the reading order, without following a symlink.
     *
     * @param abandon asked between files; when it turns true the start stops unfinished
     * @return false when abandoned
     * @throws IOException when a file is not the one laid out (another size, or gone)
     */
    public boolean readAll(BooleanSupplier abandon) throws IOException {
        for (File f : readingOrder) {
            if (abandon.getAsBoolean()) return false;
            long read = 0;
            try (FileChannel ch = FileChannel.open(root.resolve(f.name()), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                int n;
                while ((n = ch.read(buffer.clear())) > 0) read += n;
            }
            if (read != f.size()) throw new IOException(Messages.count("bench.app-files.changed", read, root.resolve(f.name()), f.size()));
        }
        return true;
    }
}
