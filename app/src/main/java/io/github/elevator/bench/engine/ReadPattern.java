package io.github.elevator.bench.engine;

import java.nio.file.Path;

/**
 * What to read: {@code blockSize}-byte requests at {@code queueDepth}, sequential or uniformly
 * random over the first {@code spanBytes} of the device, aligned to {@code alignment} (a power of
 * two of at least 512: the request size, or the device's logical block size where that is larger).
 */
public record ReadPattern(Path device, int blockSize, int queueDepth, boolean random, long spanBytes, int alignment) {

    public ReadPattern {
        if (device == null) throw new IllegalArgumentException("no device"); // untranslated: a bug
        if (alignment < 512 || Integer.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two of at least 512, not " + alignment); // untranslated: a bug
        }
        // A sweep runs only the workloads that fit the device: what these catch is a bug.
        if (blockSize <= 0 || blockSize % alignment != 0) throw new IllegalArgumentException("block size must be a multiple of " + alignment); // untranslated: a bug
        if (queueDepth < 1) throw new IllegalArgumentException("queue depth must be at least 1"); // untranslated: a bug
        if (spanBytes < blockSize) throw new IllegalArgumentException("the device is smaller than one request"); // untranslated: a bug
    }
}
