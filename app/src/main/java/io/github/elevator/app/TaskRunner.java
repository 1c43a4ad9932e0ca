package io.github.elevator.app;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one way background work is started. The window's implementation runs work off the
 * UI thread and delivers its updates and its end back on it; tests use {@link #immediate()} to
 * run everything on the calling thread, deterministically.
 */
public interface TaskRunner {

    /**
     * Work that tells how it goes while it runs (progress, a message, what it found so far): each
     * update it posts reaches the starting thread in the order posted, all of them before it is done.
     */
    @FunctionalInterface
    interface Task<T, U> {
        T call(Consumer<U> updates) throws Exception;
    }

    /** Runs {@code work}: its updates, then its result or its failure, reach the starting thread. */
    <T, U> void run(Task<T, U> work, Consumer<? super U> onUpdate, Consumer<? super T> onSuccess,
                    Consumer<? super Exception> onFailure);

    /** Work with nothing to tell until it is done. */
    default <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Exception> onFailure) {
        run(updates -> work.call(), update -> { }, onSuccess, onFailure);
    }

    /** Runs work, updates and callbacks on the calling thread. */
    static TaskRunner immediate() {
        return new TaskRunner() {
            @Override
            public <T, U> void run(Task<T, U> work, Consumer<? super U> onUpdate, Consumer<? super T> onSuccess,
                                   Consumer<? super Exception> onFailure) {
                T result;
                try {
                    result = work.call(onUpdate::accept);
                } catch (Exception e) {
                    onFailure.accept(e);
                    return;
                }
                onSuccess.accept(result);
            }
        };
    }
}
