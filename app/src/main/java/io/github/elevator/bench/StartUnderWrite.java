package io.github.elevator.bench;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * start-under-write: how long an application takes to start, read cold from the device, while a
 * writer streams into the same filesystem. The application's files are laid out once per sweep;
 * each run starts the writer, waits until it is really writing, then does a fixed number of
 * starts: make the set cold (checked), and time reading all of it. Each start is one operation of
 * the meter, so a run's p50 latency is its median start, the figure ranked: a start that meets a
 * journal commit or a burst of the writer's requests stays one start among several instead of
 * moving the run's figure, and the design's blocks, not one run, average what is left. However
 * slow the device, a run ends with its starts done, never with none. Its writers write from a
 * {@link WriteAllowance}, at its pace and within what is left of it: unpaced and unbounded, a 60 s
 * sweep of it wrote about 200 GB to a RAM-backed device, wear no fast SSD should take for a benchmark.
 */
public final class StartUnderWrite {
    /** The writer counts as going once it has written this much... */
    static final long WRITER_GOING = 2L * StreamingWriter.CHUNK;
    /** ...or after this long, on a device so slow that it has not. */
    static final long WRITER_WAIT_NANOS = 2_000_000_000L;

    private final AppFiles files;
    private final Path scratch;
    private final WriteAllowance allowance;
    /** Whether the last run's writer wrote until its last start ended, not stopping at the allowance before. */
    private volatile boolean lastRunUnderWrite;

    private StartUnderWrite(AppFiles files, Path scratch, WriteAllowance allowance) {
        this.files = files;
        this.scratch = scratch;
        this.allowance = allowance;
    }

    /** Lays the application's files out in {@code scratch}, once for all runs of a sweep, whose writers spend {@code allowance}. */
    public static StartUnderWrite layOut(Path scratch, WriteAllowance allowance) throws IOException {
        return new StartUnderWrite(AppFiles.layOut(scratch), scratch, allowance);
    }

    public AppFiles files() {
        return files;
    }

    /** Whether every start of the last run was made while its writer was writing: false once the allowance ran out within it. */
    public boolean lastRunUnderWrite() {
        return lastRunUnderWrite;
    }

    /** The work of one run: {@code count} starts under the writer; a cancel stops even a start under way. */
    public TimedRun.Work starts(int count) {
        if (count < 1) throw new IllegalArgumentException("at least one start"); // untranslated: a bug
        return (meter, cancelled) -> run(count, meter, cancelled);
    }

    private void run(int count, Meter meter, BooleanSupplier cancelled) throws IOException {
        AtomicBoolean starting = new AtomicBoolean(true);
        StreamingWriter writer = new StreamingWriter(scratch, 4096, WritePace.of(allowance.bytesPerSecond()), allowance.left());
        lastRunUnderWrite = false;
        try {
            runUnder(writer, count, meter, cancelled, starting);
        } finally {
            allowance.spendPart(writer.written());
        }
    }

    private void runUnder(StreamingWriter writer, int count, Meter meter, BooleanSupplier cancelled, AtomicBoolean starting) throws IOException {
        writer.whileRunning(starting::get, () -> {
            try {
                awaitWriter(writer, cancelled);
                for (int i = 0; i < count && !cancelled.getAsBoolean(); i++) {
                    files.dropCaches();
                    long start = System.nanoTime();
                    if (!files.readAll(cancelled)) break;
                    meter.completed((int) Math.min(Integer.MAX_VALUE, files.totalBytes()), System.nanoTime() - start);
                }
                lastRunUnderWrite = !writer.stoppedAtLimit();
            } finally {
                starting.set(false);
            }
        });
    }

    static void awaitWriter(StreamingWriter writer, BooleanSupplier cancelled) throws IOException {
        long until = System.nanoTime() + WRITER_WAIT_NANOS;
        while (writer.written() < WRITER_GOING && !writer.stoppedAtLimit() && System.nanoTime() < until && !cancelled.getAsBoolean()) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(Messages.text("bench.writer.interrupted"), e);
            }
        }
    }
}
