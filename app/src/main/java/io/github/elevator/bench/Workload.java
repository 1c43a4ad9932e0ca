package io.github.elevator.bench;

import io.github.elevator.text.Messages;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The benchmark workloads. Raw ones only read the device; the others write into a private temp directory. */
public enum Workload {
    SEQ_READ("seq-read", true, 1 << 20, 8, false),
    RAND_READ("rand-read", true, 4096, 1, true),
    RAND_READ_QD32("rand-read-qd32", true, 4096, 32, true),
    SMALL_FILES("small-files", false, 0, 1, true),
    READ_UNDER_WRITE("read-under-write", false, 4096, 1, true),
    START_UNDER_WRITE("start-under-write", false, 0, 1, false);

    /** The default sweep: the three raw workloads, safe on any device. */
    public static final List<Workload> DEFAULTS = List.of(SEQ_READ, RAND_READ, RAND_READ_QD32);

    private final String id;
    private final boolean raw;
    private final int blockSize;
    private final int queueDepth;
    private final boolean random;

    Workload(String id, boolean raw, int blockSize, int queueDepth, boolean random) {
        this.id = id;
        this.raw = raw;
        this.blockSize = blockSize;
        this.queueDepth = queueDepth;
        this.random = random;
    }

    public String id() {
        return id;
    }

    /** What it does, in a few words a person reads. */
    public String description() {
        return switch (this) {
            case SEQ_READ -> Messages.text("bench.workload.seq-read");
            case RAND_READ -> Messages.text("bench.workload.rand-read");
            case RAND_READ_QD32 -> Messages.text("bench.workload.rand-read-qd32");
            case SMALL_FILES -> Messages.text("bench.workload.small-files");
            case READ_UNDER_WRITE -> Messages.text("bench.workload.read-under-write");
            case START_UNDER_WRITE -> Messages.text("bench.workload.start-under-write");
        };
    }

    /** True when it reads the raw device (read-only); false when it needs a mounted, writable filesystem. */
    public boolean raw() {
        return raw;
    }

    public int blockSize() {
        return blockSize;
    }

    public int queueDepth() {
        return queueDepth;
    }

    public boolean random() {
        return random;
    }

    /**
     * Whether a device of {@code sizeBytes} (with this alignment) is large enough: raw reads want
     * room for several requests per queue slot; file workloads need a filesystem, checked elsewhere.
     */
    public boolean fits(long sizeBytes, int alignment) {
        if (blockSize == 0) return true;
        long span = sizeBytes / Math.max(512, alignment) * Math.max(512, alignment);
        return span >= (long) blockSize * queueDepth * 4;
    }

    /** Which figure ranks schedulers for this workload. */
    public Metric rankedBy() {
        return switch (this) {
            case READ_UNDER_WRITE -> Metric.LAT_P99;
            case START_UNDER_WRITE -> Metric.START_MS;
            case SEQ_READ -> Metric.MIBPS;
            default -> Metric.IOPS;
        };
    }

    public static Optional<Workload> byId(String id) {
        return Arrays.stream(values()).filter(w -> w.id.equals(id)).findFirst();
    }

    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(Workload::id).toList());
    }
}
