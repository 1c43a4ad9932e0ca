package io.github.elevator.bench.engine;

import java.nio.ByteBuffer;

/**
 * Sees the data of each completed read with the offset the engine asked for; the buffer is only
 * valid during the call. Lets tests prove that an engine reads what it claims to read.
 */
@FunctionalInterface
interface ReadObserver {
    void read(long offset, ByteBuffer data);
}
