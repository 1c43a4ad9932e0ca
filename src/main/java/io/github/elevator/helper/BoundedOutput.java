package io.github.elevator.helper;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The helper's standard error (and a one-shot verb's standard output), written by a thread of its
 * own: a caller whose pipe is full stalls only that thread, never the helper that holds a device,
 * and what it does not take beyond a bound is dropped. At the end it gets a limited time to drain.
 */
final class BoundedOutput extends OutputStream {
    private final BlockingQueue<byte[]> queue = new LinkedBlockingQueue<>(1024);
    private final AtomicInteger pending = new AtomicInteger();

    BoundedOutput(OutputStream target, String name) {
        Thread writer = new Thread(() -> {
            try {
                while (true) {
                    byte[] next = queue.take();
                    target.write(next);
                    target.flush();
                    pending.decrementAndGet();
                }
            } catch (IOException | InterruptedException callerGone) {
                // nothing more reaches the caller
            }
        }, name);
        writer.setDaemon(true);
        writer.start();
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        pending.incrementAndGet();
        if (!queue.offer(Arrays.copyOfRange(b, off, off + len))) pending.decrementAndGet();
    }

    /** Waits up to {@code millis} for everything written to reach the caller; false when it did not. */
    boolean drain(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (pending.get() > 0) {
            if (System.nanoTime() > end) return false;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
