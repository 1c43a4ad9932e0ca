package io.github.elevator.bench.engine;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import io.github.elevator.bench.RawReads;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.protocol.SchedulerLine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A measuring tool for {@code fio-compare.sh}, not shipped: one timed run of a raw read workload
 * built as the app builds it ({@link RawReads}: the engine {@link Engines} picks reading the whole device,
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
        IoEngine engine = Engines.forQueueDepth(workload.queueDepth());
        int descriptor = Libc.openDirect(device);
        try {
            // the app's own pattern (RawReads: size, alignment, the check that the workload fits), on a descriptor this tool opened
            TimedRun.Load load;
            try {
                load = RawReads.of(descriptor, name, Path.of("/sys/class/block"), depth -> engine).load(workload);
            } catch (IllegalArgumentException tooSmall) {
                throw new IOException(tooSmall.getMessage(), tooSmall);
            }
            TimedRun timed = new TimedRun(name, Path.of("/proc"));
            RunResult result = null;
            for (int repeat = 1; repeat <= runs; repeat++) {
                result = timed.run(activeScheduler(name), workload, repeat, engine.name(),
                        WARMUP_SECONDS, seconds, load, s -> emit(out, "sample", s), () -> false);
                emit(out, "run", result);
            }
            return result;
        } finally {
            Ring.closeQuietly(descriptor);
        }
    }

    private static void emit(PrintStream out, String type, Object record) {
        JsonObject e = GSON.toJsonTree(record).getAsJsonObject();
        e.addProperty("type", type);
        out.println(GSON.toJson(e));
        out.flush();
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

    private static String activeScheduler(String name) {
        try {
            String active = SchedulerLine.parse(Files.readString(queue(name).resolve("scheduler"))).active();
            return active == null ? "unknown" : active;
        } catch (IOException e) {
            return "unknown";
        }
    }
}
