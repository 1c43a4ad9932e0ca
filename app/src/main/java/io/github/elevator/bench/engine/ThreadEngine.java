package io.github.elevator.bench.engine;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The fallback for queue depths above 1 where io_uring is unavailable: {@code queueDepth}
 * threads, each with its own buffer doing synchronous reads (pread) on the one descriptor. It costs far more CPU
 * per request than io_uring, so at high queue depths it under-reports fast devices; its name
 * says so in every result. Random offsets are independent per thread; sequential threads share
 * one cursor, so the device still sees the pattern in order. {@code keepGoing} is polled from
 * every thread.
 */
public final class ThreadEngine implements IoEngine {
    private final ReadObserver observer;

    public ThreadEngine() {
        this(null);
    }

    ThreadEngine(ReadObserver observer) {
        this.observer = observer;
    }

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public void run(int device, ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BooleanSupplier going = () -> failure.get() == null && keepGoing.getAsBoolean();
        List<Thread> threads = new ArrayList<>();
        AtomicLong cursor = new AtomicLong();
        for (int i = 0; i < pattern.queueDepth(); i++) {
            PreadReader reader = new PreadReader(device, pattern);
            Offsets offsets = Offsets.sharing(pattern, pattern.alignment(), cursor);
            Thread t = new Thread(() -> {
                try {
                    reader.loop(offsets, recorder, going, observer);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "elevator-read-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        joinAll(threads, failure);
        Throwable e = failure.get();
        if (e instanceof IOException io) throw io;
        if (e instanceof RuntimeException r) throw r;
        if (e instanceof Error err) throw err;
        if (e != null) throw new IOException(e);
    }

    private static void joinAll(List<Thread> threads, AtomicReference<Throwable> failure) throws IOException {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                    failure.compareAndSet(null, new IOException(Messages.text("bench.engine.interrupted")));
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
