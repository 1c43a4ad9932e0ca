package io.github.elevator.privilege;

import io.github.elevator.bench.RawReads;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A session's raw reads in this process, on the descriptor the helper handed over, apart from the
 * talk with root: each request checked before it reaches the engines, every read stopped once the
 * session ends or the helper is gone (the device may no longer be on the scheduler it measures), and
 * the descriptor let go before the session says it is over.
 */
final class DescriptorReads {
    static final double MAX_READ_SECONDS = 60;
    static final double MIN_SLICE_SECONDS = 0.02;

    private final SessionReads reads;
    private final BooleanSupplier helperAlive;
    private final Supplier<String> whyGone;
    private volatile boolean ending;
    private boolean loaded;

    /** {@code whyGone}: the sentence for reads refused because the helper has ended. */
    DescriptorReads(SessionReads reads, BooleanSupplier helperAlive, Supplier<String> whyGone) {
        this.reads = reads;
        this.helperAlive = helperAlive;
        this.whyGone = whyGone;
    }

    synchronized RunResult read(String scheduler, String workload, double seconds, Consumer<Sample> sampleSink)
            throws IOException, InterruptedException {
        stopLoad();
        Workload w = Workload.byId(workload).filter(RawReads::reads).orElseThrow(() -> new IOException(
                Messages.text("privilege.session.not-raw", Printable.quoted(workload))));
        if (!(seconds >= 0.1 && seconds <= MAX_READ_SECONDS)) throw new IOException(Messages.text("privilege.session.seconds", 0.1, (int) MAX_READ_SECONDS));
        if (stopped()) throw stoppedWhy();
        try {
            return reads.read(scheduler, w, seconds, sampleSink, this::stopped);
        } catch (TimedRun.CancelledException e) {
            throw stoppedWhy();
        }
    }

    synchronized void load(String workload) throws IOException, InterruptedException {
        stopLoad();
        Workload w = Workload.byId(workload).filter(RawReads::reads).orElseThrow(() -> new IOException(
                Messages.text("privilege.session.not-raw-load", Printable.quoted(workload))));
        if (stopped()) throw stoppedWhy();
        reads.load(w);
        loaded = true;
    }

    synchronized RunResult measure(String scheduler, double seconds) throws IOException, InterruptedException {
        if (!loaded) throw new IOException(Messages.text("privilege.session.no-load"));
        if (!(seconds >= MIN_SLICE_SECONDS && seconds <= MAX_READ_SECONDS)) {
            throw new IOException(Messages.text("privilege.session.seconds", MIN_SLICE_SECONDS, (int) MAX_READ_SECONDS));
        }
        try {
            return reads.measure(scheduler, seconds, this::stopped);
        } catch (IOException e) {
            stopLoad();
            throw e;
        } catch (TimedRun.CancelledException e) {
            stopLoad();
            throw stoppedWhy();
        }
    }

    /** Stops the running load, if any (fio reads the device next). */
    synchronized void stopLoad() {
        reads.stopLoad();
        loaded = false;
    }

    /** True once the reads have been let go or the helper has ended. */
    boolean stopped() {
        return ending || !helperAlive.getAsBoolean();
    }

    IOException stoppedWhy() throws InterruptedException {
        if (Thread.currentThread().isInterrupted()) throw new InterruptedException();
        return new IOException(ending ? Messages.text("privilege.session.ending") : whyGone.get());
    }

    /**
     * Stops what reads and closes the descriptor, waiting for a read under way to see the end: no
     * read outlives the session, and none reads a descriptor number reused after the close.
     */
    void release() {
        ending = true;
        synchronized (this) {
            loaded = false;
            reads.close();
        }
    }
}
