package io.github.elevator.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * start-under-write: how long an application takes to start, read cold from the device, while a
 * writer streams into the same filesystem. The application's files are laid out once per sweep;
 * each run starts the writer, waits until it is really writing, then repeats starts: make the set
 * cold (checked), and time reading all of it. Each start is one operation of the meter, so a run's
 * p50 latency is its median start, the figure ranked: a start that meets a journal commit or a burst of
 * the writer's requests stays one start among several instead of moving the run's figure, and the
 * design's blocks, not one run, average what is left. A run records at least one start: one that is
 * under way when the run's time is up finishes, within a limit, if it would be the first.
 */
public final class StartUnderWrite {
    /** The writer counts as going once it has written this much... */
    static final long WRITER_GOING = 2L * StreamingWriter.CHUNK;
    /** ...or after this long, on a device so slow that it has not. */
    static final long WRITER_WAIT_NANOS = 2_000_000_000L;
    /** How long past the run's end a first start may take before it is given up. */
    static final long FINISH_NANOS = 20_000_000_000L;

    private final AppFiles files;
    private final Path scratch;

    private StartUnderWrite(AppFiles files, Path scratch) {
        this.files = files;
        this.scratch = scratch;
    }

    /** Lays the application's files out in {@code scratch}, once for all runs of a sweep. */
    public static StartUnderWrite layOut(Path scratch) throws IOException {
        return new StartUnderWrite(AppFiles.layOut(scratch), scratch);
    }

    public AppFiles files() {
        return files;
    }

    /** The load of one run; {@code cancelled} stops even a first start at once. */
    public TimedRun.Load load(BooleanSupplier cancelled) {
        return (meter, keepGoing) -> run(meter, keepGoing, cancelled);
    }

    private void run(Meter meter, BooleanSupplier keepGoing, BooleanSupplier cancelled) throws IOException {
        AtomicBoolean starting = new AtomicBoolean(true);
        StreamingWriter writer = new StreamingWriter(scratch, 4096);
        writer.whileRunning(starting::get, () -> {
            try {
                awaitWriter(writer, cancelled);
                Overtime overtime = new Overtime(meter, keepGoing, cancelled);
                while (!overtime.stop()) {
                    files.dropCaches();
                    long start = System.nanoTime();
                    if (!files.readAll(overtime::stop)) break;
                    meter.completed((int) Math.min(Integer.MAX_VALUE, files.totalBytes()), System.nanoTime() - start);
                }
            } finally {
                starting.set(false);
            }
        });
    }

    private static void awaitWriter(StreamingWriter writer, BooleanSupplier cancelled) throws IOException {
        long until = System.nanoTime() + WRITER_WAIT_NANOS;
        while (writer.written() < WRITER_GOING && System.nanoTime() < until && !cancelled.getAsBoolean()) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the writer started", e);
            }
        }
    }

    /** When starts end: at once on cancel; at the run's end once one start is recorded; else after {@link #FINISH_NANOS} more. */
    private static final class Overtime {
        private final Meter meter;
        private final BooleanSupplier keepGoing;
        private final BooleanSupplier cancelled;
        private long overSince = -1;

        Overtime(Meter meter, BooleanSupplier keepGoing, BooleanSupplier cancelled) {
            this.meter = meter;
            this.keepGoing = keepGoing;
            this.cancelled = cancelled;
        }

        boolean stop() {
            if (cancelled.getAsBoolean()) return true;
            if (keepGoing.getAsBoolean()) return false;
            if (meter.ops() > 0) return true;
            long now = System.nanoTime();
            if (overSince < 0) overSince = now;
            return now - overSince > FINISH_NANOS;
        }
    }
}
