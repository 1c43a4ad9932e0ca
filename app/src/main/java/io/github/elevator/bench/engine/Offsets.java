package io.github.elevator.bench.engine;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where each request of a {@link ReadPattern} reads. Random: uniform over every multiple of the
 * alignment in [0, span - blockSize]. Sequential: 0, blockSize, 2 blockSize, ... wrapping back to
 * 0 before a request would pass the span. Allocates nothing per request.
 */
final class Offsets {
    private final long blockSize;
    private final long alignment;
    private final SplittableRandom random;
    private final long randomSlots;
    private final long sequentialBlocks;
    private final AtomicLong shared;
    private long next;

    private Offsets(ReadPattern pattern, long alignment, SplittableRandom random, AtomicLong shared) {
        if (alignment <= 0 || alignment % pattern.alignment() != 0) {
            throw new IllegalArgumentException("alignment " + alignment + " is not a multiple of " + pattern.alignment()); // untranslated: a bug
        }
        this.blockSize = pattern.blockSize();
        this.alignment = alignment;
        this.random = random;
        this.randomSlots = (pattern.spanBytes() - pattern.blockSize()) / alignment + 1;
        this.sequentialBlocks = pattern.spanBytes() / pattern.blockSize();
        this.shared = shared;
    }

    /** Offsets for one thread, aligned to the pattern's alignment. */
    static Offsets of(ReadPattern pattern) {
        return of(pattern, pattern.alignment());
    }

    /** Offsets for one thread, aligned to {@code alignment}, a multiple of the pattern's. */
    static Offsets of(ReadPattern pattern, long alignment) {
        return new Offsets(pattern, alignment, pattern.random() ? new SplittableRandom() : null, null);
    }

    /**
     * Offsets for one of several threads reading the same pattern: random ones are independent,
     * sequential ones share one cursor so that together the threads read the device in order.
     */
    static Offsets sharing(ReadPattern pattern, long alignment, AtomicLong cursor) {
        return new Offsets(pattern, alignment, pattern.random() ? new SplittableRandom() : null, cursor);
    }

    long next() {
        if (random != null) return random.nextLong(randomSlots) * alignment;
        if (shared != null) return Math.floorMod(shared.getAndIncrement(), sequentialBlocks) * blockSize;
        long offset = next;
        next = offset + 2 * blockSize > (sequentialBlocks * blockSize) ? 0 : offset + blockSize;
        return offset;
    }
}
