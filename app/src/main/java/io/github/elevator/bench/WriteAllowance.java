package io.github.elevator.bench;

/**
 * What read-under-write's writer may write in one benchmark (a "Measure longer" is one of its own),
 * all its blocks together, and the pace it writes at; what it has written so far. Why these
 * figures: docs/benchmarks.md, "How much read-under-write writes".
 */
public final class WriteAllowance {
    /** The most read-under-write writes in one benchmark. */
    public static final long TOTAL = 8L << 30;
    /**
     * The pace of its writer, which only a device faster than it feels: {@link #TOTAL} lasts 32 s
     * at it, more than the read-under-write blocks of the default 60 s sweep take (about 10 of 2.3-3 s).
     */
    public static final long BYTES_PER_SECOND = 256L << 20;

    private final long total;
    private final long bytesPerSecond;
    private long spent;
    private int blocks;
    /** What the last block wrote. */
    private long lastBlock;

    /** {@code total} bytes at most, at {@code bytesPerSecond} at most. */
    public WriteAllowance(long total, long bytesPerSecond) {
        if (total < 0 || bytesPerSecond <= 0) throw new IllegalArgumentException(total + " B at " + bytesPerSecond + " B/s"); // untranslated: a bug
        this.total = total;
        this.bytesPerSecond = bytesPerSecond;
    }

    /** {@link #TOTAL} at {@link #BYTES_PER_SECOND}. */
    public static WriteAllowance standard() {
        return new WriteAllowance(TOTAL, BYTES_PER_SECOND);
    }

    public long total() {
        return total;
    }

    public long spent() {
        return spent;
    }

    public long left() {
        return total - spent;
    }

    long bytesPerSecond() {
        return bytesPerSecond;
    }

    /**
     * Whether another block may start: what is left holds twice what the last block wrote, so that
     * a block that takes up to twice as long still ends with its writer going. The first may always start.
     */
    public boolean holdsAnotherBlock() {
        return blocks == 0 ? left() > 0 : left() >= 2 * lastBlock;
    }

    /**
     * How many blocks an allowance of the same size lets run from the start when each writes what
     * the last one here did: the first, then each while twice a block is left (so the next
     * benchmark, a "Measure longer", gets that many); unlimited before any block wrote.
     */
    public int blocksFromFresh() {
        if (lastBlock <= 0) return Integer.MAX_VALUE;
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, total / lastBlock - 1));
    }

    /** A block's writer wrote {@code bytes}. */
    void spend(long bytes) {
        spent += bytes;
        lastBlock = bytes;
        blocks++;
    }
}
