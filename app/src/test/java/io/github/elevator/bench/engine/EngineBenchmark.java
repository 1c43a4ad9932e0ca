package io.github.elevator.bench.engine;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.SchedulerLine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A measuring tool for {@code fio-compare.sh}, not shipped: one timed run of a raw read workload
 * built as the root helper builds it (the engine {@link Engines} picks reading the whole device,
 * inside a {@link TimedRun}: a warm-up, then a measured window sampled four times a second),
 * printing the helper's own event lines: {"type":"sample",...} for each sample and
 * {"type":"run",...} at the end of each run. Usage: {@code EngineBenchmark DEVICE WORKLOAD SECONDS [RUNS]},
 * e.g. {@code EngineBenchmark /dev/loop3 rand-read-qd32 3 2}: RUNS runs (1 unless given) one after
 * the other in this JVM, numbered as the helper numbers repeats. Read-only (O_RDONLY|O_DIRECT).
 */
public final class EngineBenchmark {
    /** The helper's warm-up before each measured window. */
    static final double WARMUP_SECONDS = 0.1;
    private static final String USAGE = "usage: EngineBenchmark DEVICE WORKLOAD SECONDS [RUNS] (WORKLOAD: seq-read, rand-read or rand-read-qd32)";
    private static final Gson GSON = new Gson();

    private EngineBenchmark() {
    }

    public static void main(String[] args) {
        try {
            run(args, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        } catch (IOException | TimedRun.CancelledException e) {
            System.err.println("EngineBenchmark: " + e.getMessage());
            System.exit(1);
        }
    }

    static RunResult run(String[] args, PrintStream out) throws IOException, TimedRun.CancelledException {
        if (args.length != 3 && args.length != 4) throw new IllegalArgumentException("expected 3 or 4 arguments, got " + args.length);
        Path device = Path.of(args[0]);
        Workload workload = Workload.byId(args[1]).filter(Workload::raw)
                .orElseThrow(() -> new IllegalArgumentException("not a raw read workload: " + args[1]));
        double seconds = Double.parseDouble(args[2]);
        if (!(seconds > 0 && seconds <= 600)) throw new IllegalArgumentException("seconds must be above 0 and at most 600: " + args[2]);
        int runs = args.length == 4 ? Integer.parseInt(args[3]) : 1;
        if (runs < 1 || runs > 9) throw new IllegalArgumentException("runs must be 1 to 9: " + args[3]);

        String name = kernelName(device);
        long size = sizeOf(device);
        int logical = logicalBlockSize(name);
        if (!workload.fits(size, logical)) throw new IOException("the device is too small for " + workload.id());
        int alignment = Math.max(logical, workload.blockSize()); // as RawReads aligns the app's reads
        IoEngine engine = Engines.forQueueDepth(workload.queueDepth());
        ReadPattern pattern = new ReadPattern(device, workload.blockSize(), workload.queueDepth(), workload.random(),
                size / alignment * alignment, alignment);
        TimedRun.Load load = (meter, keepGoing) -> engine.run(pattern, meter, keepGoing);
        TimedRun timed = new TimedRun(name, Path.of("/proc"));
        RunResult result = null;
        for (int repeat = 1; repeat <= runs; repeat++) {
            result = timed.run(activeScheduler(name), workload, repeat, engine.name(),
                    WARMUP_SECONDS, seconds, load, s -> emit(out, "sample", s), () -> false);
            emit(out, "run", result);
        }
        return result;
    }

    private static void emit(PrintStream out, String type, Object record) {
        JsonObject e = GSON.toJsonTree(record).getAsJsonObject();
        e.addProperty("type", type);
        out.println(GSON.toJson(e));
        out.flush();
    }

    private static long sizeOf(Path device) throws IOException {
        try (FileChannel channel = FileChannel.open(device, StandardOpenOption.READ)) {
            return channel.size();
        } catch (NoSuchFileException e) {
            throw new IOException("cannot open " + device + ": No such file or directory", e);
        } catch (IOException e) {
            throw new IOException("cannot open " + device + ": " + e.getMessage(), e);
        }
    }

    /** The kernel's name of the block device behind {@code device} (for sysfs and /proc/diskstats). */
    private static String kernelName(Path device) throws IOException {
        try {
            return device.toRealPath().getFileName().toString();
        } catch (NoSuchFileException e) {
            throw new IOException("cannot open " + device + ": No such file or directory", e);
        }
    }

    private static Path queue(String name) {
        return Path.of("/sys/class/block", name, "queue");
    }

    /** The device's logical block size from sysfs; 512 when it is not a listed block device. */
    private static int logicalBlockSize(String name) {
        try {
            return Math.max(512, Integer.parseInt(Files.readString(queue(name).resolve("logical_block_size")).strip()));
        } catch (IOException | NumberFormatException e) {
            return 512; // O_DIRECT will say if 512 is wrong
        }
    }

    private static String activeScheduler(String name) {
        try {
            String active = SchedulerLine.parse(Files.readString(queue(name).resolve("scheduler"))).active();
            return active == null ? "unknown" : active;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
