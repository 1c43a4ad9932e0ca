package io.github.elevator.bench;

import io.github.elevator.bench.engine.IoEngine;
import io.github.elevator.bench.engine.ReadPattern;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntFunction;

/**
 * The loads of each workload on one device: raw reads through an engine chosen for the queue
 * depth, and the file workloads inside a private directory on the device's filesystem.
 */
public final class DeviceLoads implements Sweep.Loads {
    private final Path deviceNode;
    private final long sizeBytes;
    private final int alignment;
    private final IntFunction<IoEngine> engines;
    private final Path scratch;

    /**
     * @param scratch a private directory on a mounted, writable filesystem of the device, or null
     *                when there is none (then only raw workloads can run)
     */
    public DeviceLoads(Path deviceNode, long sizeBytes, int logicalBlockSize, IntFunction<IoEngine> engines, Path scratch) {
        this.deviceNode = deviceNode;
        this.sizeBytes = sizeBytes;
        this.alignment = Math.max(512, logicalBlockSize);
        this.engines = engines;
        this.scratch = scratch;
    }

    /** Checks up front that every workload can run here, so a sweep never fails halfway for this reason. */
    public void check(Iterable<Workload> workloads) {
        for (Workload w : workloads) {
            if (w.raw() && pattern(w).spanBytes() < (long) w.blockSize() * w.queueDepth() * 4) {
                throw new IllegalArgumentException("the device is too small for " + w.id());
            }
            if (!w.raw() && scratch == null) {
                throw new IllegalArgumentException(w.id() + " needs a mounted, writable filesystem on the device");
            }
        }
    }

    @Override
    public TimedRun.Load forWorkload(Workload w) {
        return switch (w) {
            case SEQ_READ, RAND_READ, RAND_READ_QD32 -> {
                IoEngine engine = engines.apply(w.queueDepth());
                ReadPattern p = pattern(w);
                yield (meter, keepGoing) -> engine.run(p, meter, keepGoing);
            }
            case SMALL_FILES -> (meter, keepGoing) -> new SmallFiles(scratch).run(meter, keepGoing);
            case READ_UNDER_WRITE -> {
                IoEngine reader = engines.apply(1);
                ReadPattern p = pattern(w);
                yield (meter, keepGoing) -> new StreamingWriter(scratch, alignment).whileRunning(keepGoing,
                        () -> reader.run(p, meter, keepGoing));
            }
        };
    }

    @Override
    public String engine(Workload w) {
        return w == Workload.SMALL_FILES ? "files" : engines.apply(w.queueDepth()).name();
    }

    private ReadPattern pattern(Workload w) {
        long span = sizeBytes / alignment * alignment;
        if (span < w.blockSize()) throw new IllegalArgumentException("the device is too small for " + w.id());
        return new ReadPattern(deviceNode, w.blockSize(), w.queueDepth(), w.random(), span, alignment);
    }
}
