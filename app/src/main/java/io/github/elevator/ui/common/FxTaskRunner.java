package io.github.elevator.ui.common;

import io.github.elevator.app.TaskRunner;
import javafx.application.Platform;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** Runs work on background daemon threads and hands its updates and results back on the JavaFX thread. */
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
    public <T, U> void run(Task<T, U> work, Consumer<? super U> onUpdate, Consumer<? super T> onSuccess,
                           Consumer<? super Exception> onFailure) {
        Updates<U> updates = new Updates<>(onUpdate);
        pool.execute(() -> {
            try {
                T result = work.call(updates::post);
                Platform.runLater(() -> {
                    updates.deliver();
                    onSuccess.accept(result);
                });
            } catch (Exception e) {
                Platform.runLater(() -> {
                    updates.deliver();
                    onFailure.accept(e);
                });
            }
        });
    }

    /**
     * One task's updates on their way to the JavaFX thread: however fast they come, one hand-over
     * waits at a time and takes all that came since, so a sweep's samples never flood the thread.
     */
    private static final class Updates<U> {
        private final Consumer<? super U> onUpdate;
        private final ConcurrentLinkedQueue<U> queue = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean handOverAsked = new AtomicBoolean();

        Updates(Consumer<? super U> onUpdate) {
            this.onUpdate = onUpdate;
        }

        void post(U update) {
            queue.add(update);
            if (handOverAsked.compareAndSet(false, true)) Platform.runLater(this::deliver);
        }

        /** On the JavaFX thread: every update posted so far, in order. */
        void deliver() {
            handOverAsked.set(false);
            U update;
            while ((update = queue.poll()) != null) onUpdate.accept(update);
        }
    }
}
