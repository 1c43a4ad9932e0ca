package io.github.elevator.bench.engine;

import com.sun.nio.file.ExtendedOpenOption;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

/** Picks the engine for a queue depth. (Interim: threads doing direct positional reads.) */
public final class Engines {
    private Engines() {
    }

    public static IoEngine forQueueDepth(int queueDepth) {
        return new IoEngine() {
            @Override
            public String name() {
                return queueDepth == 1 ? "psync" : "threads";
            }

            @Override
            public void run(ReadPattern p, IoRecorder recorder, java.util.function.BooleanSupplier keepGoing) throws IOException {
                AtomicReference<IOException> failure = new AtomicReference<>();
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < p.queueDepth(); t++) {
                    long startBlock = (long) t * p.blockSize();
                    Thread th = new Thread(() -> {
                        ByteBuffer buf = ByteBuffer.allocateDirect(p.blockSize() + 4096).alignedSlice(4096).limit(p.blockSize());
                        try (FileChannel ch = FileChannel.open(p.device(), StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                            long pos = startBlock;
                            int align = Math.max(4096, p.alignment()); // FileChannel's direct I/O wants the filesystem block size
                            long slots = (p.spanBytes() - p.blockSize()) / align + 1;
                            while (keepGoing.getAsBoolean() && failure.get() == null) {
                                long off = p.random() ? ThreadLocalRandom.current().nextLong(slots) * align : pos;
                                buf.clear().limit(p.blockSize());
                                long t0 = System.nanoTime();
                                int n = ch.read(buf, off);
                                if (n < 0) throw new IOException("end of device");
                                recorder.completed(n, System.nanoTime() - t0);
                                pos = pos + (long) p.blockSize() * p.queueDepth();
                                if (pos + p.blockSize() > p.spanBytes()) pos = startBlock;
                            }
                        } catch (IOException e) {
                            failure.compareAndSet(null, e);
                        }
                    });
                    th.start();
                    threads.add(th);
                }
                for (Thread th : threads) {
                    try {
                        th.join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                if (failure.get() != null) throw failure.get();
            }
        };
    }
}
