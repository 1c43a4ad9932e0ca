package io.github.elevator.helper;

import java.io.*;
import java.util.Arrays;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An output written by a thread of its own: a caller whose pipe is full stalls only that thread, never
 * the helper that holds a device. {@link #write} drops what does not fit; {@link #offer} waits a bounded time.
 */
final class BoundedOutput extends OutputStream {
    private final BlockingQueue<byte[]> queue = new LinkedBlockingQueue<>(1024);
    private final AtomicInteger pending = new AtomicInteger();
    private volatile boolean gone;

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
                gone = true; // nothing more reaches the caller, so nothing waits for it
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

    /** One line that matters (a session's event); false when the caller took nothing for {@code seconds}. */
    boolean offer(String line, long seconds) {
        pending.incrementAndGet();
        try {
            if (queue.offer((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8), seconds, TimeUnit.SECONDS)) return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pending.decrementAndGet();
        return false;
    }

    /** Waits up to {@code millis} for everything written to reach the caller (a caller gone is not waited for); false when it did not. */
    boolean drain(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (pending.get() > 0 && !gone) {
            if (System.nanoTime() > end) return false;
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !gone;
    }
}
