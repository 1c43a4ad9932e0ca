package io.github.elevator.helper;

import io.github.elevator.helper.protocol.HelperEvent;
import io.github.elevator.helper.protocol.HelperProtocol;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The session's standard output, written by a thread of its own so that a caller who stops
 * reading can stall only that thread, never the restore. Events wait a bounded time, and a caller
 * that takes none for that long is gone.
 */
final class EventOutput {
    static final long PATIENCE_SECONDS = 10;

    private final BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(256);
    private final Thread writer;

    EventOutput(OutputStream out) {
        writer = new Thread(() -> {
            try {
                while (true) {
                    out.write(queue.take());
                    if (queue.isEmpty()) out.flush();
                }
            } catch (IOException | InterruptedException callerGone) {
                // nothing more can be said; the session goes on to its restore
            }
        }, "elevator-output");
        writer.setDaemon(true);
        writer.start();
    }

    /** For events that matter; false when the caller has taken nothing for {@link #PATIENCE_SECONDS}. */
    boolean send(HelperEvent event) {
        try {
            return queue.offer(line(event), PATIENCE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits a little for the queue to drain (the last event is the restore's), then gives up. */
    void drain(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!queue.isEmpty() && System.nanoTime() < end) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static byte[] line(HelperEvent event) {
        return (HelperProtocol.encode(event) + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
