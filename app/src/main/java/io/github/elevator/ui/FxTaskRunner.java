package io.github.elevator.ui;

import io.github.elevator.app.TaskRunner;
import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs work on background daemon threads and hands results back on the JavaFX thread. */
public final class FxTaskRunner implements TaskRunner {
    /**
     * One thread stays for the small work of an idle window (a device changed elsewhere is read
     * again) rather than a thread made for each and ended a minute later; more come only while work
     * overlaps (a benchmark runs for minutes beside everything else), and go after a minute idle.
     */
    private final ExecutorService pool = new ThreadPoolExecutor(1, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
            new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "elevator-background");
                t.setDaemon(true);
                return t;
            });

    @Override
    public <T> void run(Callable<T> work, Consumer<? super T> onSuccess, Consumer<? super Exception> onFailure) {
        pool.execute(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onSuccess.accept(result));
            } catch (Exception e) {
                Platform.runLater(() -> onFailure.accept(e));
            }
        });
    }
}
