package io.github.elevator.bench;

import io.github.elevator.bench.engine.IoEngine;
import io.github.elevator.bench.engine.ReadPattern;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The reads a benchmark runs on the raw device, in this process, through a descriptor it holds
 * open read-only and O_DIRECT (the root helper opened it and handed it over): offsets chosen here,
 * only figures kept. read-under-write's reader is here too; its writer writes files with the
 * user's own rights.
 */
public final class RawReads {
    private final int descriptor;
    private final Path node;
    private final long sizeBytes;
    private final int alignment;
    private final IntFunction<IoEngine> engines;

    private RawReads(int descriptor, Path node, long sizeBytes, int alignment, IntFunction<IoEngine> engines) {
        this.descriptor = descriptor;
        this.node = node;
        this.sizeBytes = sizeBytes;
        this.alignment = alignment;
        this.engines = engines;
    }

    /** {@code descriptor} reads the device {@code name}; its size and logical block size come from {@code sysBlock}/NAME. */
    public static RawReads of(int descriptor, String name, Path sysBlock, IntFunction<IoEngine> engines) throws IOException {
        Path queue = sysBlock.resolve(name);
        long sectors = Long.parseLong(Files.readString(queue.resolve("size")).strip());
        long logical = Long.parseLong(Files.readString(queue.resolve("queue/logical_block_size")).strip());
        return new RawReads(descriptor, Path.of("/dev", name), Math.max(0, sectors) * 512, (int) Math.max(512, logical), engines);
    }

    public static boolean reads(Workload w) {
        return w.raw() || w == Workload.READ_UNDER_WRITE;
    }

    /** The engine of each raw read workload, named in every result. */
    public Map<String, String> engineNames() {
        Map<String, String> names = new LinkedHashMap<>();
        for (Workload w : Workload.values()) if (reads(w)) names.put(w.id(), engines.apply(w.queueDepth()).name());
        return names;
    }

    /** The load of a raw read workload; refused when the device is too small for it. */
    public TimedRun.Load load(Workload w) {
        // Both are bugs: a sweep runs only the workloads that fit the device.
        if (!reads(w)) throw new IllegalArgumentException(w.id() + " is not a raw read workload"); // untranslated: a bug
        if (!w.fits(sizeBytes, alignment)) throw new IllegalArgumentException("the device is too small for " + w.id()); // untranslated: a bug
        IoEngine engine = engines.apply(w.queueDepth());
        // a 4 KiB random read means one aligned 4 KiB block, as in fio (blockalign defaults to bs) and every disk
        // benchmark: at the logical block size's 512 B, seven in eight would straddle two of a 512e disk's sectors
        int align = Math.max(alignment, w.blockSize());
        ReadPattern p = new ReadPattern(node, w.blockSize(), w.queueDepth(), w.random(), sizeBytes / align * align, align);
        return (meter, keepGoing) -> engine.run(descriptor, p, meter, keepGoing);
    }
}
