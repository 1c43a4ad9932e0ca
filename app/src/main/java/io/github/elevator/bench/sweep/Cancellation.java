package io.github.elevator.bench.sweep;

/** Lets the one who started long work stop it; the work checks it between steps. */
public final class Cancellation {
    private volatile boolean cancelled;

    public void cancel() {
        cancelled = true;
    }

    public boolean isCancelled() {
        return cancelled;
    }
}
