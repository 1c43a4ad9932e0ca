package io.github.elevator.bench.engine;

import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * Issues reads against a raw block device opened O_RDONLY|O_DIRECT, keeping
 * {@link ReadPattern#queueDepth()} requests in flight, until {@code keepGoing} turns false.
 * Every completed request is reported to the recorder with its latency.
 */
public interface IoEngine {

    /** "io_uring", "psync" or "threads": said in every result so a fallback is never silent. */
    String name();

    /**
     * Reads {@code pattern} on {@code device}, a descriptor opened O_RDONLY|O_DIRECT that the caller
     * owns and closes: the app reads a disk through the descriptor the root helper handed it, having
     * no right to open the node itself. {@link ReadPattern#device()} only names it in messages.
     */
    void run(int device, ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException;

    /** The same on a node this process may open itself (a test's loop device, as root). */
    default void run(ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException {
        int device = Libc.openDirect(pattern.device());
        try {
            run(device, pattern, recorder, keepGoing);
        } finally {
            Ring.closeQuietly(device);
        }
    }
}
