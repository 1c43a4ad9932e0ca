package io.github.elevator.bench.engine;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One io_uring instance set up with raw syscalls (no liburing), its submission and completion
 * rings and SQE array mapped into this process and viewed as direct ByteBuffers, so that writing
 * an SQE or reading a CQE costs plain memory accesses, not a JNI call per field. Heads and tails
 * are read with acquire and written with release semantics, as the kernel's ring protocol asks.
 * Not thread-safe: one thread sets it up, submits and reaps.
 */
final class Ring implements AutoCloseable {
    static final int SETUP_COOP_TASKRUN = 1 << 8;
    static final int SETUP_TASKRUN_FLAG = 1 << 9;
    static final int SETUP_SINGLE_ISSUER = 1 << 12;
    static final int SETUP_DEFER_TASKRUN = 1 << 13;
    static final int FEAT_SINGLE_MMAP = 1;
    static final int SQ_TASKRUN = 1 << 1;
    static final int ENTER_GETEVENTS = 1;
    static final int OP_READ = 22;
    static final int OP_READ_FIXED = 4;
    static final int SQE_FIXED_FILE = 1;
    static final int REGISTER_BUFFERS = 0;
    static final int REGISTER_FILES = 2;
    static final long OFF_SQ_RING = 0L;
    static final long OFF_CQ_RING = 0x8000000L;
    static final long OFF_SQES = 0x10000000L;
    static final int SQE_SIZE = 64;
    static final int CQE_SIZE = 16;
    private static final int PARAMS_SIZE = 120;
    private static final int EINVAL = 22;

    /**
     * Setup flags tried in order, the first the kernel accepts wins: completions delivered when
     * this thread asks for them (what fio 3.33 asks for too), then without the deferral (before
     * Linux 6.1), then plain io_uring (before 5.19). With either of the first two, completions
     * the kernel holds back for this thread are flagged in the ring (TASKRUN_FLAG, 5.19 too), so
     * {@link #completionsWaiting} can tell without a syscall whether an io_uring_enter would find
     * any: deferred ones reach the completion ring only inside that call.
     */
    private static final int[] FLAG_CHOICES = {
        SETUP_COOP_TASKRUN | SETUP_TASKRUN_FLAG | SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN,
        SETUP_COOP_TASKRUN | SETUP_TASKRUN_FLAG, 0,
    };

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final int fd;
    private final int setupFlags;
    private final int sqEntries;
    private final int sqMask;
    private final int cqMask;
    private final ByteBuffer sqRing;
    private final ByteBuffer cqRing;
    private final ByteBuffer sqes;
    private final int sqTailAt;
    private final int sqFlagsAt;
    private final int cqHeadAt;
    private final int cqTailAt;
    private final int cqesAt;
    private final long[] mappedAt;
    private final long[] mappedLength;
    private long enters;
    private int sqTail;
    private int cqHead;
    private int registeredFd = -1;
    private long registeredBase;
    private long registeredStride;
    private int registeredBuffers;

    private Ring(int fd, int setupFlags, Memory p, long[] mappedAt, long[] mappedLength) {
        this.fd = fd;
        this.setupFlags = setupFlags;
        this.mappedAt = mappedAt;
        this.mappedLength = mappedLength;
        this.sqEntries = p.getInt(0);
        this.sqRing = view(mappedAt[0], mappedLength[0]);
        this.cqRing = mappedAt[1] == mappedAt[0] ? sqRing : view(mappedAt[1], mappedLength[1]);
        this.sqes = view(mappedAt[2], mappedLength[2]);
        this.sqMask = sqRing.getInt(p.getInt(48));
        this.sqTailAt = p.getInt(44);
        this.sqFlagsAt = p.getInt(56);
        this.cqMask = cqRing.getInt(p.getInt(88));
        this.cqHeadAt = p.getInt(80);
        this.cqTailAt = p.getInt(84);
        this.cqesAt = p.getInt(100);
        this.sqTail = (int) INT.getAcquire(sqRing, sqTailAt);
        this.cqHead = (int) INT.getAcquire(cqRing, cqHeadAt);
        int array = p.getInt(64);
        for (int i = 0; i < sqEntries; i++) sqRing.putInt(array + 4 * i, i);
        for (int i = 0; i < sqEntries * SQE_SIZE; i += 8) sqes.putLong(i, 0L);
    }

    private static ByteBuffer view(long address, long length) {
        return new Pointer(address).getByteBuffer(0, length).order(ByteOrder.nativeOrder());
    }

    /** Sets up a ring with at least {@code entries} submission entries. */
    static Ring open(int entries) throws IOException {
        if (!Native64.supported()) throw new IOException(Messages.text("bench.engine.uring-unsupported", Native64.describe()));
        Memory params = new Memory(PARAMS_SIZE);
        int ringFd = -1;
        int flags = 0;
        LastErrorException last = null;
        for (int choice : FLAG_CHOICES) {
            params.clear();
            params.setInt(8, choice);
            try {
                ringFd = (int) Libc.syscall(Libc.SYS_IO_URING_SETUP, entries, Pointer.nativeValue(params), 0, 0, 0, 0);
                flags = choice;
                break;
            } catch (LastErrorException e) {
                last = e;
                if (e.getErrorCode() != EINVAL) break;
            }
        }
        if (ringFd < 0) throw Libc.error("io_uring_setup", last);
        long[] at = {0, 0, 0};
        long[] length = {0, 0, 0};
        try {
            int sqEntries = params.getInt(0);
            int cqEntries = params.getInt(4);
            int features = params.getInt(20);
            long sqSize = params.getInt(64) + 4L * sqEntries;
            long cqSize = params.getInt(100) + (long) CQE_SIZE * cqEntries;
            boolean single = (features & FEAT_SINGLE_MMAP) != 0;
            if (single) sqSize = cqSize = Math.max(sqSize, cqSize);
            at[0] = map(sqSize, ringFd, OFF_SQ_RING);
            length[0] = sqSize;
            if (single) {
                at[1] = at[0];
            } else {
                at[1] = map(cqSize, ringFd, OFF_CQ_RING);
                length[1] = cqSize;
            }
            length[2] = (long) SQE_SIZE * sqEntries;
            at[2] = map(length[2], ringFd, OFF_SQES);
            return new Ring(ringFd, flags, params, at, length);
        } catch (IOException | RuntimeException e) {
            unmapAndClose(ringFd, at, length);
            throw e;
        }
    }

    private static long map(long size, int fd, long offset) throws IOException {
        try {
            return Libc.mmap(0, size, Libc.PROT_READ | Libc.PROT_WRITE, Libc.MAP_SHARED | Libc.MAP_POPULATE, fd, offset);
        } catch (LastErrorException e) {
            throw Libc.error(Messages.text("bench.engine.ring-mmap"), e);
        }
    }

    int sqEntries() {
        return sqEntries;
    }

    /** The setup flags the kernel accepted (0 on kernels that know none of the ones tried). */
    int setupFlags() {
        return setupFlags;
    }

    /**
     * Registers {@code fileFd} and {@code count} buffers of {@code stride} bytes from {@code base}
     * with the ring, so that reads of that file into those buffers take neither a reference to the
     * file nor a pin of the buffer's pages per request: those were the largest share of the
     * submitting thread's kernel time (fio at QD32 here: pinning the page first of its symbols),
     * time taken from the device's own workers on a machine of two cores. False when the kernel
     * refuses (registered buffers count against RLIMIT_MEMLOCK for a user without CAP_IPC_LOCK, 8 MiB
     * by default): reads then name the descriptor and the address each time, as before. The
     * registrations go with the ring.
     */
    boolean register(int fileFd, long base, long stride, int count) {
        try (Memory files = new Memory(4); Memory iovecs = new Memory(16L * count)) {
            files.setInt(0, fileFd);
            for (int i = 0; i < count; i++) {
                iovecs.setLong(16L * i, base + i * stride);
                iovecs.setLong(16L * i + 8, stride);
            }
            Libc.syscall(Libc.SYS_IO_URING_REGISTER, fd, REGISTER_FILES, Pointer.nativeValue(files), 1, 0, 0);
            registeredFd = fileFd;
            Libc.syscall(Libc.SYS_IO_URING_REGISTER, fd, REGISTER_BUFFERS, Pointer.nativeValue(iovecs), count, 0, 0);
            registeredBase = base;
            registeredStride = stride;
            registeredBuffers = count;
            return true;
        } catch (LastErrorException refused) {
            return false; // a file registered before the buffers were refused is still used as registered
        }
    }

    /** Whether reads into the buffers given to {@link #register} use them as registered (a test asks). */
    boolean buffersRegistered() {
        return registeredBuffers > 0;
    }

    /**
     * Writes a read into the next free SQE and makes it visible to the kernel; the caller keeps
     * at most {@link #sqEntries()} requests queued or in flight. A read of the registered file
     * into one of the registered buffers names them by index.
     */
    void queueRead(int fileFd, long offset, long address, int length, long userData) {
        int at = (sqTail & sqMask) * SQE_SIZE;
        boolean fixedFile = fileFd == registeredFd;
        long buffer = registeredBuffers == 0 || address < registeredBase ? -1 : (address - registeredBase) / registeredStride;
        boolean fixedBuffer = fixedFile && buffer >= 0 && buffer < registeredBuffers
                && address + length <= registeredBase + (buffer + 1) * registeredStride;
        long opcode = fixedBuffer ? OP_READ_FIXED : OP_READ;
        sqes.putLong(at, fixedFile ? opcode | (SQE_FIXED_FILE << 8) : opcode | ((long) fileFd << 32));
        sqes.putLong(at + 40, fixedBuffer ? buffer : 0L);
        sqes.putLong(at + 8, offset);
        sqes.putLong(at + 16, address);
        sqes.putLong(at + 24, length & 0xffffffffL);
        sqes.putLong(at + 32, userData);
        sqTail++;
        INT.setRelease(sqRing, sqTailAt, sqTail);
    }

    /**
     * Submits {@code toSubmit} queued SQEs and waits until at least {@code minComplete}
     * completions are ready. Returns how many SQEs the kernel took, or the negated errno for
     * EINTR, EAGAIN and EBUSY, after which the caller reaps what is ready and tries again.
     */
    int submitAndWait(int toSubmit, int minComplete) throws IOException {
        enters++;
        try {
            return (int) Libc.syscall(Libc.SYS_IO_URING_ENTER, fd, toSubmit, minComplete, ENTER_GETEVENTS, 0, 0);
        } catch (LastErrorException e) {
            int errno = e.getErrorCode();
            if (errno == Libc.EINTR || errno == Libc.EAGAIN || errno == Libc.EBUSY) return -errno;
            throw Libc.error("io_uring_enter", errno);
        }
    }

    /** How many completions are ready to read with {@link #userData} and {@link #result}. */
    int ready() {
        return (int) INT.getAcquire(cqRing, cqTailAt) - cqHead;
    }

    /**
     * Whether completions are ready or held back for this thread to collect (flagged by the
     * kernel where {@link #setupFlags} include TASKRUN_FLAG): false means an io_uring_enter that
     * does not wait would find none, unless one completes meanwhile.
     */
    boolean completionsWaiting() {
        if (ready() > 0) return true;
        return (setupFlags & SETUP_TASKRUN_FLAG) != 0 && ((int) INT.getAcquire(sqRing, sqFlagsAt) & SQ_TASKRUN) != 0;
    }

    /** How many times {@link #submitAndWait} was called on this ring (a test counts them). */
    long enters() {
        return enters;
    }

    long userData(int i) {
        return cqRing.getLong(cqesAt + ((cqHead + i) & cqMask) * CQE_SIZE);
    }

    int result(int i) {
        return cqRing.getInt(cqesAt + ((cqHead + i) & cqMask) * CQE_SIZE + 8);
    }

    /** Hands the first {@code n} ready completions back to the kernel. */
    void consume(int n) {
        cqHead += n;
        INT.setRelease(cqRing, cqHeadAt, cqHead);
    }

    @Override
    public void close() {
        unmapAndClose(fd, mappedAt, mappedLength);
    }

    private static void unmapAndClose(int fd, long[] at, long[] length) {
        for (int i = 0; i < at.length; i++) {
            if (at[i] != 0 && length[i] != 0) unmapQuietly(at[i], length[i]);
        }
        closeQuietly(fd);
    }

    static void unmapQuietly(long address, long length) {
        try {
            Libc.munmap(address, length);
        } catch (LastErrorException ignored) {
            // nothing left to do: the mapping goes with the process
        }
    }

    static void closeQuietly(int fd) {
        try {
            Libc.close(fd);
        } catch (LastErrorException ignored) {
            // already closed or never valid: nothing to release
        }
    }
}
