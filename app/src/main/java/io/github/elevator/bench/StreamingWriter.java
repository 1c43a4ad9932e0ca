package io.github.elevator.bench;

import com.sun.nio.file.ExtendedOpenOption;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * Streams 1 MiB direct writes into one file while something else runs, wrapping at a size the
 * filesystem can spare, and removes the file afterwards. It may be held to a pace and stopped at a
 * limit: it then writes no chunk that would take it past the limit, and says whether it stopped
 * there while the work beside it still ran.
 */
final class StreamingWriter {
    static final int CHUNK = 1 << 20;
    static final long MAX_FILE = 256L << 20;

    /** The work measured while the writer streams. */
    interface Foreground {
        void run() throws IOException;
    }

    private final Path file;
    private final int alignment;
    private final WritePace pace;
    private final long limit;
    private final AtomicLong written = new AtomicLong();
    private volatile boolean stoppedAtLimit;

    /** A writer as fast as the device takes it, for as long as the work beside it runs. */
    StreamingWriter(Path scratch, int alignment) {
        this(scratch, alignment, WritePace.of(Long.MAX_VALUE), Long.MAX_VALUE);
    }

    /** A writer held to {@code pace} that writes at most {@code limit} bytes. */
    StreamingWriter(Path scratch, int alignment, WritePace pace, long limit) {
        this.file = scratch.resolve("stream.bin");
        this.alignment = Math.max(4096, alignment);
        this.pace = pace;
        this.limit = limit;
    }

    /** Bytes the writer has written so far (whole chunks). */
    long written() {
        return written.get();
    }

    /** Whether the writer stopped at its limit while the work beside it still ran: that work was not all done under it. */
    boolean stoppedAtLimit() {
        return stoppedAtLimit;
    }

    /** How large the writer's file grows before it wraps, on a filesystem with {@code usableBytes} free: a quarter of it, within bounds. */
    static long fileLimit(long usableBytes) {
        return Math.max(CHUNK * 8L, Math.min(MAX_FILE, usableBytes / 4)) / CHUNK * CHUNK;
    }

    void whileRunning(BooleanSupplier keepGoing, Foreground foreground) throws IOException {
        long wrapAt = fileLimit(Files.getFileStore(file.getParent()).getUsableSpace());
        AtomicReference<IOException> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            ByteBuffer buf = ByteBuffer.allocateDirect(CHUNK + alignment).alignedSlice(alignment);
            while (buf.hasRemaining()) buf.put((byte) 0x5a);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    ExtendedOpenOption.DIRECT)) {
                long pos = 0;
                while (keepGoing.getAsBoolean()) {
                    if (written.get() + CHUNK > limit) {
                        stoppedAtLimit = keepGoing.getAsBoolean();
                        break;
                    }
                    pace.before(CHUNK);
                    if (!keepGoing.getAsBoolean()) break;
                    buf.clear();
                    while (buf.hasRemaining()) pos += ch.write(buf, pos);
                    written.addAndGet(CHUNK);
                    if (pos >= wrapAt) pos = 0;
                }
                ch.force(false);
            } catch (IOException e) {
                failure.set(e);
            }
        }, "elevator-writer");
        writer.setDaemon(true);
        writer.start();
        try {
            foreground.run();
        } finally {
            try {
                writer.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Files.deleteIfExists(file);
            Scratch.flush(file.getParent());
        }
        if (failure.get() != null) throw new IOException(Messages.text("bench.writer.failed", failure.get().getMessage()), failure.get());
    }
}
