package io.github.elevator.bench.engine;

import com.sun.jna.LastErrorException;
import com.sun.jna.Pointer;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.BooleanSupplier;

/**
 * Reads through io_uring, driven from Java with raw syscalls, as fio does it: keeps {@code
 * queueDepth} reads in flight, submits each read with an io_uring_enter of its own, and sleeps
 * only when no completion is waiting, until one is. Submitting a batch in one call lets the block
 * layer plug it and hand it to the scheduler in one go, which spares a scheduler with a lock the
 * cost per request that decides its rank under fio: mq-deadline then read faster than none here,
 * where fio, one request at a time, has it 20–30 % behind (docs/performance.md, "Ranking as fio
 * ranks"). A request's latency runs from just before the io_uring_enter that submitted it to just
 * after the one that returned its completion, as fio counts it: the time until the program saw it
 * done. It reads the descriptor it is given (the device opened O_RDONLY|O_DIRECT); each slot has
 * its own page-aligned buffer. The descriptor and the buffers are registered with the ring where
 * the kernel allows it ({@link Ring#register}), so a request takes no file reference and pins no
 * page of its own.
 */
public final class UringEngine implements IoEngine {
    private static final int PAGE = 4096;

    private final ReadObserver observer;
    private final boolean register;
    private long enters;

    public UringEngine() {
        this(null);
    }

    UringEngine(ReadObserver observer) {
        this(observer, true);
    }

    /** {@code register} false: the descriptor and buffers are named in every request, as where the kernel refuses to register them. */
    UringEngine(ReadObserver observer, boolean register) {
        this.observer = observer;
        this.register = register;
    }

    @Override
    public String name() {
        return "io_uring";
    }

    @Override
    public void run(int device, ReadPattern pattern, IoRecorder recorder, BooleanSupplier keepGoing) throws IOException {
        if (!Native64.supported()) throw new IOException(Messages.text("bench.engine.uring-unsupported", Native64.describe()));
        try (Ring ring = Ring.open(pattern.queueDepth())) {
            Buffers buffers = new Buffers(pattern.queueDepth(), pattern.blockSize());
            try {
                if (register) ring.register(device, buffers.base, buffers.stride, pattern.queueDepth());
                new Loop(pattern, ring, device, buffers, recorder, keepGoing).run();
            } finally {
                enters = ring.enters();
                buffers.free();
            }
        }
    }

    /** The io_uring_enter calls of the last run (a test counts them). */
    long enters() {
        return enters;
    }

    /**
     * One page-aligned buffer per slot, in one anonymous mapping that is released only by munmap.
     * Large requests get buffers in huge pages where the kernel allows them: a 1 MiB buffer in
     * small pages is up to 256 segments, more than a loop device's 128, so the kernel splits the
     * request, cannot issue it without blocking, and hands it to an io_uring worker thread: twice
     * the CPU per I/O (seq-read here: 87-94 against 38-46 us), and whether the pages happened to
     * lie together decided which, run by run.
     */
    private static final class Buffers {
        private static final long HUGE_PAGE = 2L << 20;
        private static final int LARGE_REQUEST = 64 * 1024;
        final long base;
        final long stride;
        final long length;
        private final long mapping;
        private final long mapped;

        Buffers(int slots, int blockSize) throws IOException {
            stride = (blockSize + PAGE - 1L) / PAGE * PAGE;
            length = stride * slots;
            boolean huge = blockSize >= LARGE_REQUEST;
            mapped = huge ? length + HUGE_PAGE : length;
            try {
                mapping = Libc.mmap(0, mapped, Libc.PROT_READ | Libc.PROT_WRITE,
                        Libc.MAP_PRIVATE | Libc.MAP_ANONYMOUS | (huge ? 0 : Libc.MAP_POPULATE), -1, 0);
            } catch (LastErrorException e) {
                throw Libc.error(Messages.count("bench.engine.buffers-mmap", mapped), e);
            }
            base = huge ? (mapping + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE : mapping;
            if (huge) {
                try {
                    Libc.madvise(base, length, Libc.MADV_HUGEPAGE);
                } catch (LastErrorException noHugePagesHere) {
                    // small pages then: the reads still work, as they did before
                }
                new Pointer(base).setMemory(0, length, (byte) 0); // fault the pages in now, not in the first measured reads
            }
        }

        long address(int slot) {
            return base + slot * stride;
        }

        ByteBuffer view(int slot, int length) {
            return new Pointer(address(slot)).getByteBuffer(0, length).order(ByteOrder.nativeOrder());
        }

        void free() {
            // Reads still in flight (only after a failed io_uring_enter) keep their pages pinned,
            // so unmapping never lets the kernel write into memory reused for something else.
            Ring.unmapQuietly(mapping, mapped);
        }
    }

    /** The submit-and-reap loop; its state lives in fields so the hot path allocates nothing. */
    private final class Loop {
        private final ReadPattern pattern;
        private final Ring ring;
        private final int device;
        private final Buffers buffers;
        private final IoRecorder recorder;
        private final BooleanSupplier keepGoing;
        private final Offsets offsets;
        private final int blockSize;
        private final long[] slotOffset;
        private final long[] slotStart;
        private final int[] free;
        /** Slots whose reads are queued but not yet submitted, oldest first, from {@link #pendingHead}. */
        private final int[] pending;
        private int pendingHead;
        private final ByteBuffer[] views;
        private int freeCount;
        private int inFlight;
        private int queued;
        private IOException failure;

        Loop(ReadPattern pattern, Ring ring, int device, Buffers buffers, IoRecorder recorder, BooleanSupplier keepGoing) {
            this.pattern = pattern;
            this.ring = ring;
            this.device = device;
            this.buffers = buffers;
            this.recorder = recorder;
            this.keepGoing = keepGoing;
            this.offsets = Offsets.of(pattern);
            this.blockSize = pattern.blockSize();
            int slots = pattern.queueDepth();
            this.slotOffset = new long[slots];
            this.slotStart = new long[slots];
            this.free = new int[slots];
            this.pending = new int[slots];
            this.views = new ByteBuffer[slots];
            for (int i = 0; i < slots; i++) {
                free[i] = slots - 1 - i;
                if (observer != null) views[i] = buffers.view(i, blockSize);
            }
            this.freeCount = slots;
        }

        void run() throws IOException {
            try {
                while (step()) {
                    // each turn is a call of its own, so the JIT compiles it after a few hundred
                    // turns instead of tens of thousands (on-stack replacement of a long loop)
                }
            } finally {
                if (inFlight > 0 || queued > 0) drainQuietly();
            }
            if (failure != null) throw failure;
        }

        /**
         * Refills every free slot, submits each read on its own, and reaps; false when all is done.
         * The last submit of a turn also sleeps, until one read completes, when none is waiting to
         * be collected; a turn that submits nothing sleeps the same way.
         */
        private boolean step() throws IOException {
            if (failure == null && keepGoing.getAsBoolean()) refill();
            if (queued == 0 && inFlight == 0) return false;
            boolean slept = false;
            while (queued > 0) {
                int slot = pending[pendingHead];
                int wait = queued == 1 && !ring.completionsWaiting() ? 1 : 0;
                slotStart[slot] = System.nanoTime();
                int taken = ring.submitAndWait(1, wait);
                if (taken <= 0) break; // interrupted or out of resources: reap, and submit it next turn
                pendingHead = (pendingHead + 1) % pending.length;
                queued--;
                inFlight++;
                slept = wait > 0;
            }
            if (!slept && queued == 0 && !ring.completionsWaiting()) ring.submitAndWait(0, 1);
            reap(System.nanoTime());
            return true;
        }

        private void refill() {
            while (freeCount > 0) {
                int slot = free[--freeCount];
                long offset = offsets.next();
                slotOffset[slot] = offset;
                ring.queueRead(device, offset, buffers.address(slot), blockSize, slot);
                pending[(pendingHead + queued) % pending.length] = slot;
                queued++;
            }
        }

        private void reap(long now) {
            int ready = ring.ready();
            for (int i = 0; i < ready; i++) {
                int slot = (int) ring.userData(i);
                int result = ring.result(i);
                inFlight--;
                free[freeCount++] = slot;
                if (result > 0 && failure == null) {
                    if (observer != null) observer.read(slotOffset[slot], views[slot].clear().limit(result));
                    recorder.completed(result, now - slotStart[slot]);
                } else if (result <= 0 && failure == null) {
                    failure = readFailure(slotOffset[slot], result);
                }
            }
            if (ready > 0) ring.consume(ready);
        }

        private IOException readFailure(long offset, int result) {
            if (result == 0) return new IOException(Messages.count("bench.engine.read-nothing", blockSize, offset, pattern.device()));
            return Libc.error(Messages.count("bench.engine.read", blockSize, offset, pattern.device()), -result);
        }

        /** After a failure in the loop itself: wait (boundedly) for what is still in flight. */
        private void drainQuietly() {
            for (int attempt = 0; attempt < 1000 && (inFlight > 0 || queued > 0); attempt++) {
                try {
                    int taken = ring.submitAndWait(queued, 1);
                    if (taken > 0) {
                        queued -= taken;
                        inFlight += taken;
                    }
                } catch (IOException e) {
                    return;
                }
                int ready = ring.ready();
                inFlight -= ready;
                ring.consume(ready);
            }
        }
    }
}
