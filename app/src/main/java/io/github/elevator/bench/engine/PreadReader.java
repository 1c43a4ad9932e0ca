package io.github.elevator.bench.engine;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;

/**
 * Synchronous positional reads (pread) on a descriptor opened O_RDONLY|O_DIRECT, into one
 * page-aligned buffer of its own. The JDK cannot read a descriptor it did not open (the app's
 * comes from the root helper), so the call is libc's, bound directly by JNA: one JNI transition
 * per read, as FileChannel's own.
 */
final class PreadReader {
    private static final int PAGE = 4096;

    private final int device;
    private final ReadPattern pattern;
    private final ByteBuffer buffer;
    private final long address;

    PreadReader(int device, ReadPattern pattern) {
        this.device = device;
        this.pattern = pattern;
        this.buffer = ByteBuffer.allocateDirect(pattern.blockSize() + PAGE).alignedSlice(PAGE);
        this.address = Pointer.nativeValue(Native.getDirectBufferPointer(buffer));
    }

    /**
     * Reads one request after another until {@code keepGoing} turns false. Each read is a call of
     * its own: HotSpot compiles a method after a few hundred calls, but a loop inside one long call
     * only after tens of thousands of iterations (on-stack replacement), longer than a short run
     * at QD1 lasts, which then runs interpreted.
     */
    void loop(Offsets offsets, IoRecorder recorder, BooleanSupplier keepGoing, ReadObserver observer) throws IOException {
        while (keepGoing.getAsBoolean()) readOne(offsets.next(), recorder, observer);
    }

    private void readOne(long offset, IoRecorder recorder, ReadObserver observer) throws IOException {
        int blockSize = pattern.blockSize();
        long start = System.nanoTime();
        long n = pread(offset, blockSize);
        long end = System.nanoTime();
        if (n <= 0) {
            throw new IOException(Messages.count("bench.engine.read-nothing", blockSize, offset, pattern.device()));
        }
        if (observer != null) observer.read(offset, buffer.duplicate().position(0).limit((int) n));
        recorder.completed((int) n, end - start);
    }

    private long pread(long offset, int length) throws IOException {
        while (true) {
            try {
                return Libc.pread(device, address, length, offset);
            } catch (LastErrorException e) {
                if (e.getErrorCode() != Libc.EINTR) {
                    throw Libc.error(Messages.count("bench.engine.read", length, offset, pattern.device()), e);
                }
            }
        }
    }
}
