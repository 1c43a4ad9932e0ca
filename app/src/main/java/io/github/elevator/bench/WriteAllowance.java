package io.github.elevator.bench;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the writers of the workloads measured under one (read-under-write, start-under-write) may
 * write in one benchmark (a "Measure longer" is one of its own), all their blocks together, and the
 * pace they write at; what they have written so far. Why these figures: docs/benchmarks.md, "How
 * much the writers write".
 */
public final class WriteAllowance {
    /** The most the writers write in one benchmark, all of them together. */
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
    /** What the block under way has written so far. */
    private long open;

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

    /** Whether {@code w} is measured under a writer, which writes from an allowance. */
    public static boolean writesUnder(Workload w) {
        return w == Workload.READ_UNDER_WRITE || w == Workload.START_UNDER_WRITE;
    }

    /**
     * The workloads of {@code workloads} measured under a writer, each with an equal share of this
     * allowance at its pace: together they write no more than it. One alone writes from this one.
     */
    public Map<Workload, WriteAllowance> sharedBy(List<Workload> workloads) {
        List<Workload> writers = workloads.stream().filter(WriteAllowance::writesUnder).distinct().toList();
        Map<Workload, WriteAllowance> shares = new EnumMap<>(Workload.class);
        for (Workload w : writers) shares.put(w, writers.size() == 1 ? this : new WriteAllowance(left() / writers.size(), bytesPerSecond));
        return shares;
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

    /** One of the writers of the block under way (one per run) wrote {@code bytes}; they count at once. */
    void spendPart(long bytes) {
        spent += bytes;
        open += bytes;
    }

    /** The block under way has ended: what its writers wrote is what the next is expected to write. */
    public void endBlock() {
        lastBlock = open;
        open = 0;
        blocks++;
    }
}
