package io.github.elevator.app;

/** Lets the one who started long work stop it; the work checks or registers for it. */
public final class Cancellation {
    private volatile boolean cancelled;
    private volatile Runnable onCancel = () -> { };

    public void cancel() {
        cancelled = true;
        onCancel.run();
    }

    public boolean isCancelled() {
        return cancelled;
    }

    void onCancel(Runnable action) {
        onCancel = action;
        if (cancelled) action.run();
    }
}
