package io.github.elevator.bench.sweep;

import io.github.elevator.bench.DiskCounters;
import io.github.elevator.bench.LoadSnapshot;
import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.SlotLoad;

import java.io.IOException;
import java.nio.file.Path;

/** What other programs do on the machine and the device while a sweep runs, watched from before its first block to after its last. */
@FunctionalInterface
public interface OtherPrograms {
    /** How long the watch listens, before the first block, for other programs' I/O on the device. */
    long LISTEN_MILLIS = 250;

    /** Not watched: a sweep that reports no other load (tests of the job loop). */
    OtherPrograms UNWATCHED = () -> () -> null;

    /** Starts watching; the watch's {@link Watch#stop()} says what they used meanwhile. */
    Watch watch() throws IOException, InterruptedException;

    /** A watch under way. */
    @FunctionalInterface
    interface Watch {
        /** What other programs used since the watch began; null when not known. */
        OtherLoad stop() throws IOException;

        /** A stretch of the benchmark's own slots begins: other programs' CPU is counted over these stretches only. */
        default void slotsBegin() throws IOException {
        }

        /** The stretch begun last ends. */
        default void slotsEnd() throws IOException {
        }
    }

    /**
     * This machine's, from {@code /proc}: other programs' requests a second on {@code device}, listened to
     * for a moment while Elevator reads nothing from it (null when it has no counters), and the machine's
     * CPU time less Elevator's own and the kernel's threads' over the benchmark's slots (over the whole
     * watch when no slots were marked).
     */
    static OtherPrograms onThisMachine(String device) {
        Path proc = Path.of("/proc");
        return () -> {
            long first = DiskCounters.completed(proc, device);
            long t0 = System.nanoTime();
            Thread.sleep(LISTEN_MILLIS);
            long last = DiskCounters.completed(proc, device);
            Double othersIo = first < 0 || last < 0 ? null : (last - first) / ((System.nanoTime() - t0) / 1e9);
            LoadSnapshot before = LoadSnapshot.take(proc);
            SlotLoad slots = new SlotLoad(proc);
            return new Watch() {
                @Override
                public OtherLoad stop() throws IOException {
                    return slots.seconds() > 0 ? slots.load(othersIo) : LoadSnapshot.take(proc).since(before, othersIo);
                }

                @Override
                public void slotsBegin() throws IOException {
                    slots.begin();
                }

                @Override
                public void slotsEnd() throws IOException {
                    slots.end();
                }
            };
        };
    }
}
