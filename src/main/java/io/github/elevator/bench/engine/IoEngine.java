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

    void run(ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException;
}
