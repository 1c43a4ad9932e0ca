package io.github.elevator.bench.engine;

import com.sun.nio.file.ExtendedOpenOption;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import java.util.function.BooleanSupplier;

/**
 * Synchronous positional reads through a FileChannel opened with {@link ExtendedOpenOption#DIRECT}
 * into one aligned direct buffer: plain Java, no native library. The JDK demands that positions
 * and lengths of direct reads are multiples of the block size of the file system the device node
 * lives on (usually 4096), so offsets are aligned to that when it is coarser than the pattern's.
 */
final class DirectChannel implements AutoCloseable {
    private final ReadPattern pattern;
    private final FileChannel channel;
    private final ByteBuffer buffer;
    private final long alignment;

    private DirectChannel(ReadPattern pattern, FileChannel channel, long alignment) {
        this.pattern = pattern;
        this.channel = channel;
        this.alignment = alignment;
        this.buffer = ByteBuffer.allocateDirect((int) (pattern.blockSize() + alignment)).alignedSlice((int) alignment);
        buffer.limit(pattern.blockSize());
    }

    static DirectChannel open(ReadPattern pattern) throws IOException {
        FileChannel channel;
        try {
            channel = FileChannel.open(pattern.device(), StandardOpenOption.READ, ExtendedOpenOption.DIRECT);
        } catch (NoSuchFileException e) {
            throw new IOException("cannot open " + pattern.device() + " for direct reading: No such file or directory", e);
        } catch (IOException | UnsupportedOperationException e) {
            throw new IOException("cannot open " + pattern.device() + " for direct reading: " + e.getMessage(), e);
        }
        try {
            long required = Files.getFileStore(pattern.device()).getBlockSize();
            long alignment = Math.max(required, pattern.alignment());
            if (alignment % required != 0 || alignment % pattern.alignment() != 0 || pattern.blockSize() % alignment != 0) {
                throw new IOException("direct reads of " + pattern.device() + " through Java need sizes and offsets in multiples of "
                        + required + " bytes; " + pattern.blockSize() + "-byte requests aligned to " + pattern.alignment() + " do not fit");
            }
            return new DirectChannel(pattern, channel, alignment);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    Offsets offsets() {
        return Offsets.of(pattern, alignment);
    }

    long alignment() {
        return alignment;
    }

    /**
     * Reads one request after another until {@code keepGoing} turns false. Each read is a call of
     * its own: HotSpot compiles a method after a few hundred calls, but a loop inside one long call
     * only after tens of thousands of iterations (on-stack replacement), longer than a short run
     * at QD1 lasts, which then runs interpreted.
     */
    void loop(Offsets offsets, IoRecorder recorder, BooleanSupplier keepGoing, ReadObserver observer) throws IOException {
        while (keepGoing.getAsBoolean()) readOne(offsets.next(), recorder, observer);
    }

    private void readOne(long offset, IoRecorder recorder, ReadObserver observer) throws IOException {
        int blockSize = pattern.blockSize();
        buffer.clear().limit(blockSize);
        long start = System.nanoTime();
        int n = channel.read(buffer, offset);
        long end = System.nanoTime();
        if (n <= 0) {
            throw new IOException("read of " + blockSize + " bytes at offset " + offset + " of " + pattern.device()
                    + " returned no data: past the end of the device?");
        }
        if (observer != null) observer.read(offset, buffer.flip());
        recorder.completed(n, end - start);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
