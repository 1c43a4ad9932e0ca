package io.github.elevator.bench;

import com.sun.nio.file.ExtendedOpenOption;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A folder for a real streaming writer in a test: in memory under /dev/shm where that takes direct
 * writes (tmpfs does from Linux 6.6), so that tests which write hundreds of MiB leave the disk they
 * run on alone; else a folder in the test's own temporary one. Removed with all it holds on close.
 */
public final class DirectWriteFolder implements AutoCloseable {
    private static final Path MEMORY = Path.of("/dev/shm");

    private final Path dir;

    private DirectWriteFolder(Path dir) {
        this.dir = dir;
    }

    public static DirectWriteFolder in(Path tempDir) throws IOException {
        if (Files.isDirectory(MEMORY) && Files.isWritable(MEMORY)) {
            Path dir = Files.createTempDirectory(MEMORY, "elevator-test-");
            if (takesDirectWrites(dir)) return new DirectWriteFolder(dir);
            delete(dir);
        }
        return new DirectWriteFolder(Files.createTempDirectory(tempDir, "direct-"));
    }

    public Path path() {
        return dir;
    }

    @Override
    public void close() throws IOException {
        delete(dir);
    }

    private static boolean takesDirectWrites(Path dir) {
        Path probe = dir.resolve("probe");
        try (FileChannel ch = FileChannel.open(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT)) {
            ch.write(ByteBuffer.allocateDirect(8192).alignedSlice(4096).limit(4096), 0);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // the folder goes with it
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) Files.deleteIfExists(p);
        }
    }
}
