package io.github.elevator.ui;

import io.github.elevator.app.TaskRunner;
import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/** Runs work on background daemon threads and hands results back on the JavaFX thread. */
public final class FxTaskRunner implements TaskRunner {
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
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
