package io.github.elevator.app;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one way background work is started. The window's implementation runs work off the
 * UI thread and delivers results back on it; tests use {@link #immediate()} to run
 * everything on the calling thread, deterministically.
 */
public interface TaskRunner {

    <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Exception> onFailure);

    /** Runs work and callbacks on the calling thread. */
    static TaskRunner immediate() {
        return new TaskRunner() {
            @Override
            public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Exception> onFailure) {
                T result;
                try {
                    result = work.call();
                } catch (Exception e) {
                    onFailure.accept(e);
                    return;
                }
                onSuccess.accept(result);
            }
        };
    }
}
