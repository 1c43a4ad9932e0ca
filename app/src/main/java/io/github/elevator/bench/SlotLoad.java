package io.github.elevator.bench;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Other programs' CPU over the benchmark's own slots only: a snapshot as a stretch of slots begins
 * and one as it ends, summed over the stretches, so that setting up (the session, a load's warm-up,
 * sizing a write) and the pauses between workloads do not count.
 */
public final class SlotLoad {
    private final Path proc;
    private LoadSnapshot begun;
    private long otherTicks;
    private double seconds;

    public SlotLoad(Path proc) {
        this.proc = proc;
    }

    public void begin() throws IOException {
        begun = LoadSnapshot.take(proc);
    }

    /** Ends the stretch begun last; without one, nothing. */
    public void end() throws IOException {
        if (begun == null) return;
        LoadSnapshot now = LoadSnapshot.take(proc);
        otherTicks += now.otherTicksSince(begun);
        seconds += now.secondsSince(begun);
        begun = null;
    }

    /** Seconds of slots measured so far. */
    public double seconds() {
        return seconds;
    }

    /** What other programs used over the stretches measured; null before any. */
    public OtherLoad load(Double otherIoPerSecond) {
        if (seconds <= 0) return null;
        return OtherLoad.of(otherTicks / CpuTimes.TICKS_PER_SECOND / seconds, Runtime.getRuntime().availableProcessors(), otherIoPerSecond);
    }
}
