package io.github.elevator.bench.engine;

import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * Queue depth 1: one synchronous O_DIRECT read after another on the calling thread, like fio's
 * psync engine at iodepth 1 ({@link PreadReader}).
 */
public final class PsyncEngine implements IoEngine {
    private final ReadObserver observer;

    public PsyncEngine() {
        this(null);
    }

    PsyncEngine(ReadObserver observer) {
        this.observer = observer;
    }

    @Override
    public String name() {
        return "psync";
    }

    @Override
    public void run(int device, ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException {
        if (pattern.queueDepth() != 1) {
            throw new IllegalArgumentException("psync keeps one request in flight, not " + pattern.queueDepth()); // untranslated: a bug
        }
        new PreadReader(device, pattern).loop(Offsets.of(pattern), recorder, keepGoing, observer);
    }
}
