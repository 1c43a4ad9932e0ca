package io.github.elevator.helper;

import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.engine.IoEngine;
import io.github.elevator.bench.engine.ReadPattern;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The reads a session may run on the raw device: opened O_RDONLY|O_DIRECT by the engines, offsets
 * chosen here, only figures (never data) leave. The node must be the block device the kernel lists
 * under that name. read-under-write's reader is here; its writer runs in the app, with the user's rights.
 */
final class RawReads {
    private final Path node;
    private final long sizeBytes;
    private final int alignment;
    private final IntFunction<IoEngine> engines;

    private RawReads(Path node, long sizeBytes, int alignment, IntFunction<IoEngine> engines) {
        this.node = node;
        this.sizeBytes = sizeBytes;
        this.alignment = alignment;
        this.engines = engines;
    }

    static RawReads of(Path root, HelperSysfs sysfs, String listed, IntFunction<IoEngine> engines) throws IOException {
        Path node = root.resolve("dev").resolve(listed);
        if (root.equals(Path.of("/"))) {
            int mode = (Integer) Files.getAttribute(node, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            boolean block = (mode & 0170000) == 0060000;
            String[] number = sysfs.deviceNumber(listed).split(":");
            long rdev = (Long) Files.getAttribute(node, "unix:rdev", LinkOption.NOFOLLOW_LINKS);
            long major = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
            long minor = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
            if (!block || major != Long.parseLong(number[0]) || minor != Long.parseLong(number[1])) {
                throw new IOException("/dev/" + listed + " is not the block device " + sysfs.deviceNumber(listed));
            }
        }
        long sectors = sysfs.number(listed, "size");
        long logical = sysfs.number(listed, "queue/logical_block_size");
        return new RawReads(node, Math.max(0, sectors) * 512, (int) Math.max(512, logical), engines);
    }

    static boolean reads(Workload w) {
        return w.raw() || w == Workload.READ_UNDER_WRITE;
    }

    /** The engine of each raw read workload, named in every result. */
    Map<String, String> engineNames() {
        Map<String, String> names = new LinkedHashMap<>();
        for (Workload w : Workload.values()) if (reads(w)) names.put(w.id(), engines.apply(w.queueDepth()).name());
        return names;
    }

    /** The load of a raw read workload; refused when the device is too small for it. */
    TimedRun.Load load(Workload w) {
        if (!reads(w)) throw new IllegalArgumentException(w.id() + " is not a raw read workload");
        if (!w.fits(sizeBytes, alignment)) throw new IllegalArgumentException("the device is too small for " + w.id());
        IoEngine engine = engines.apply(w.queueDepth());
        ReadPattern p = new ReadPattern(node, w.blockSize(), w.queueDepth(), w.random(), sizeBytes / alignment * alignment, alignment);
        return (meter, keepGoing) -> engine.run(p, meter, keepGoing);
    }
}
