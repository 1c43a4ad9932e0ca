package io.github.elevator.bench.engine;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one engine against a device and prints one JSON line, for comparing the engines with fio:
 * {@code EngineBenchmark DEVICE BLOCKSIZE QD seq|rand SECONDS}. Read-only (O_RDONLY|O_DIRECT), over
 * the whole device, after a one-second warm-up that is not counted. Like fio, random offsets are
 * multiples of the block size (of its largest power-of-two factor). BLOCKSIZE takes a k or m
 * suffix (KiB, MiB).
 */
public final class EngineBenchmark {
    private static final String USAGE = "usage: EngineBenchmark DEVICE BLOCKSIZE QD seq|rand SECONDS";

    private EngineBenchmark() {
    }

    public static void main(String[] args) {
        try {
            System.out.println(run(args));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        } catch (IOException e) {
            System.err.println("EngineBenchmark: " + e.getMessage());
            System.exit(1);
        }
    }

    static String run(String[] args) throws IOException {
        if (args.length != 5) throw new IllegalArgumentException("expected 5 arguments, got " + args.length);
        Path device = Path.of(args[0]);
        int blockSize = (int) parseSize(args[1]);
        int queueDepth = Integer.parseInt(args[2]);
        if (!args[3].equals("seq") && !args[3].equals("rand")) throw new IllegalArgumentException("pattern must be seq or rand: " + args[3]);
        boolean random = args[3].equals("rand");
        double seconds = Double.parseDouble(args[4]);
        if (!(seconds > 0)) throw new IllegalArgumentException("seconds must be positive: " + args[4]);

        int logical = logicalBlockSize(device);
        if (blockSize % logical != 0) throw new IllegalArgumentException("block size must be a multiple of " + logical);
        ReadPattern pattern = new ReadPattern(device, blockSize, queueDepth, random, sizeOf(device), Integer.lowestOneBit(blockSize));
        IoEngine engine = Engines.forQueueDepth(queueDepth);

        runFor(engine, pattern, 1.0, (bytes, latency) -> { });
        Histogram latencies = new ConcurrentHistogram(3);
        LongAdder bytes = new LongAdder();
        double elapsed = runFor(engine, pattern, seconds, (n, latency) -> {
            bytes.add(n);
            latencies.recordValue(latency);
        });

        long ios = latencies.getTotalCount();
        StringBuilder json = new StringBuilder("{");
        json.append(String.format(Locale.ROOT, "\"engine\":\"%s\",\"device\":\"%s\",\"block_size\":%d,\"queue_depth\":%d,\"pattern\":\"%s\",",
                engine.name(), escape(device.toString()), blockSize, queueDepth, args[3]));
        json.append(String.format(Locale.ROOT, "\"seconds\":%.3f,\"ios\":%d,\"iops\":%.1f,\"mibps\":%.2f,\"lat_p50_us\":%.2f,\"lat_p99_us\":%.2f",
                elapsed, ios, ios / elapsed, bytes.sum() / elapsed / (1024.0 * 1024.0),
                latencies.getValueAtPercentile(50) / 1000.0, latencies.getValueAtPercentile(99) / 1000.0));
        if (queueDepth > 1 && !Engines.uringAvailable()) {
            json.append(",\"note\":\"").append(escape(Engines.uringUnavailableReason().orElse(""))).append('"');
        }
        return json.append('}').toString();
    }

    /** Runs the engine for about {@code seconds} and returns the seconds it really took. */
    private static double runFor(IoEngine engine, ReadPattern pattern, double seconds, IoRecorder recorder) throws IOException {
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        engine.run(pattern, recorder, () -> System.nanoTime() < end);
        return (System.nanoTime() - start) / 1e9;
    }

    static long parseSize(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("k")) unit = 1024;
        else if (t.endsWith("m")) unit = 1024 * 1024;
        if (unit != 1) t = t.substring(0, t.length() - 1);
        long size = Long.parseLong(t) * unit;
        if (size <= 0 || size > Integer.MAX_VALUE) throw new IllegalArgumentException("block size out of range: " + text);
        return size;
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

    /** The device's logical block size from sysfs; 512 when the path is not a listed block device. */
    private static int logicalBlockSize(Path device) {
        try {
            Path name = device.toRealPath().getFileName();
            Path file = Path.of("/sys/class/block").resolve(name.toString()).resolve("queue/logical_block_size");
            if (Files.isReadable(file)) return Math.max(512, Integer.parseInt(Files.readString(file).strip()));
        } catch (IOException | RuntimeException e) {
            // not a block device we can look up: O_DIRECT will say if 512 is wrong
        }
        return 512;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
