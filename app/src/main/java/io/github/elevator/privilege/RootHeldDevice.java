package io.github.elevator.privilege;

import io.github.elevator.bench.FioCommand;
import io.github.elevator.bench.FioProcess;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.sweep.DeviceUnderTest;
import io.github.elevator.bench.sweep.FioRun;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.protocol.HelperExit;
import io.github.elevator.protocol.HelperCommand;
import io.github.elevator.protocol.HelperEvent;
import io.github.elevator.protocol.EventLines;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
import io.github.elevator.text.Sentences;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The app's end of {@code elevator-helper benchmark DEVICE}: one authentication; the helper holds
 * the device, hands it over opened read-only and O_DIRECT (where its kind allows; else this process
 * opens it itself), and switches it on request. The raw reads run here, in this process: engines, samplers and measurement never
 * run as root ({@link DescriptorReads}). Finishing or closing it (or this process dying) closes the
 * descriptor and makes the helper put the original scheduler back.
 */
public final class RootHeldDevice implements DeviceUnderTest, AutoCloseable {
    /** How long a switch may take before the helper counts as stuck (the kernel freezes the queue: ~25 ms). */
    private static final long SWITCH_SECONDS = 30;

    private final VerbInProgress helper;
    private final BlockingQueue<HelperEvent> events;
    /** When the helper last said anything (System.nanoTime): a timeout says how long it has been silent, not how long one wait was. */
    private final AtomicLong heard;
    private final HelperEvent.Ready ready;
    private final DescriptorReads reads;
    private volatile String scheduler;
    private boolean finished;

    private RootHeldDevice(VerbInProgress helper, BlockingQueue<HelperEvent> events, AtomicLong heard, HelperEvent.Ready ready, SessionReads reads) {
        this.helper = helper;
        this.heard = heard;
        this.events = events;
        this.ready = new HelperEvent.Ready(ready.device(), ready.originalScheduler(), ready.schedulers(), reads.engines());
        this.reads = new DescriptorReads(reads, helper::alive, this::gone);
        this.scheduler = ready.originalScheduler();
    }

    /**
     * Starts the session (pkexec asks here), waits until the helper holds the device and takes the
     * descriptor it hands over. A device this process could not read is refused before anyone is asked.
     */
    public static RootHeldDevice open(HelperRunner runner, String device) throws PrivilegeException, InterruptedException {
        String refusal;
        try {
            refusal = runner.usesPkexec() ? DeviceReads.refusal(device) : null;
        } catch (IOException e) {
            refusal = Messages.text("privilege.session.cannot-read", device, Printable.oneLine(String.valueOf(e.getMessage())));
        }
        if (refusal != null) throw new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, HelperExit.NOT_HANDED_OVER, refusal);
        BlockingQueue<HelperEvent> events = new LinkedBlockingQueue<>();
        AtomicLong heard = new AtomicLong(System.nanoTime());
        VerbInProgress helper = runner.start(List.of("benchmark", device), line -> {
            heard.set(System.nanoTime());
            EventLines.decode(line).ifPresent(events::add);
        });
        while (true) {
            HelperEvent e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e instanceof HelperEvent.Ready r) return new RootHeldDevice(helper, events, heard, r, reads(runner, helper, r));
            if (e == null && !helper.alive()) {
                helper.waitFor();
                throw new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, null, Messages.text("privilege.session.ended-early"));
            }
        }
    }

    private static SessionReads reads(HelperRunner runner, VerbInProgress helper, HelperEvent.Ready r) throws PrivilegeException {
        try {
            return runner.reads().open(helper, r);
        } catch (IOException | RuntimeException e) {
            helper.send(EventLines.encode(new HelperCommand.End()));
            helper.closeInput();
            throw new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, null,
                    Messages.text("privilege.session.cannot-read", r.device(), Printable.oneLine(String.valueOf(e.getMessage()))));
        }
    }

    public HelperEvent.Ready ready() {
        return ready;
    }

    /** Puts the device on {@code variant}: a scheduler's name, or one with settings ("bfq low_latency=0"). */
    public void switchTo(String variant) throws IOException, InterruptedException {
        SchedulerVariant wanted;
        try {
            wanted = SchedulerVariants.parse(variant);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage());
        }
        send(new HelperCommand.Switch(wanted));
        HelperEvent e = answer(SWITCH_SECONDS);
        if (!(e instanceof HelperEvent.Switched s) || !s.scheduler().equals(wanted.text())) throw refused(e);
        scheduler = s.scheduler();
    }

    @Override
    public String name() {
        return ready.device();
    }

    @Override
    public String active() {
        try {
            return io.github.elevator.protocol.SchedulerLine.read(java.nio.file.Path.of("/sys/block", name())).active();
        } catch (IOException unreadable) {
            return null; // not known; a device that went away fails its next read with its own words
        }
    }

    @Override
    public String originalScheduler() {
        return ready.originalScheduler();
    }

    @Override
    public List<String> schedulers() {
        return ready.schedulers();
    }

    /** One raw read run on the current scheduler; live samples go to {@code sampleSink} meanwhile. */
    @Override
    public RunResult read(String workload, double seconds, Consumer<Sample> sampleSink) throws IOException, InterruptedException {
        return reads.read(scheduler, workload, seconds, sampleSink);
    }

    /** Starts a raw read workload that keeps running through switches until the next load, read or the end. */
    @Override
    public void load(String workload) throws IOException, InterruptedException {
        reads.load(workload);
    }

    /** One slice of the running load on the current scheduler. */
    @Override
    public RunResult measure(double seconds) throws IOException, InterruptedException {
        return reads.measure(scheduler, seconds);
    }

    /**
     * fio's run of a raw read workload on the current scheduler, started here with this process's
     * rights ({@link FioProcess}; root runs no third-party program for a caller): its JSON report and
     * the vector it ran. Refused (IOException, in words) where fio is missing or failed.
     */
    @Override
    public FioRun fio(String workload, int seconds) throws IOException, InterruptedException {
        reads.stopLoad();
        if (!FioCommand.covers(workload)) throw new IOException(Messages.text("privilege.session.no-fio-check", Printable.quoted(workload)));
        if (seconds < 1 || seconds > FioCommand.MAX_SECONDS) throw new IOException(Messages.text("privilege.session.fio-seconds", FioCommand.MAX_SECONDS));
        if (reads.stopped()) throw reads.stoppedWhy();
        List<String> argv = FioCommand.argv(workload, ready.device(), seconds);
        return new FioRun(argv, FioProcess.run(argv, seconds));
    }

    /**
     * Ends the session: the descriptor is closed first, then the helper puts the original back and
     * says on which scheduler the device is now. Returns that, or null when the helper did not say
     * (it was killed; see its records).
     */
    @Override
    public String finish() throws InterruptedException {
        finished = true;
        reads.release();
        helper.send(EventLines.encode(new HelperCommand.End()));
        helper.closeInput();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SWITCH_SECONDS);
        while (System.nanoTime() < end) {
            HelperEvent e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e instanceof HelperEvent.Restored r) return r.scheduler();
            if (e == null && !helper.alive()) return null;
        }
        helper.terminate();
        return null;
    }

    /** Why the helper ended, in its own words (empty while it runs or when it ended well). */
    public String failure() {
        if (helper.alive()) return "";
        try {
            helper.waitFor();
            return "";
        } catch (PrivilegeException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Finishes the session unless it was finished; then waits for the helper to end (it has let go of the device by then). */
    @Override
    public void close() throws InterruptedException {
        if (!finished && helper.alive()) finish();
        reads.release();
        if (helper.waitForExit(SWITCH_SECONDS) < 0) helper.terminate();
    }

    private void send(HelperCommand command) throws IOException {
        if (!helper.send(EventLines.encode(command))) throw new IOException(gone());
    }

    private HelperEvent answer(long seconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            HelperEvent e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e instanceof HelperEvent.Restored) throw new IOException(gone());
            if (e != null) return e;
            if (!helper.alive()) throw new IOException(gone());
        }
        throw new IOException(Messages.text("privilege.session.no-answer", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - heard.get())));
    }

    private String gone() {
        String why = failure();
        return why.isEmpty() ? Messages.text("privilege.session.stopped") : Messages.text("privilege.session.stopped.why", Sentences.lowerFirst(why));
    }

    private static IOException refused(HelperEvent e) {
        // the helper's words are English; another language says first, in its own words, that the helper refused
        return new IOException(e instanceof HelperEvent.Refused r ? Messages.text("privilege.session.refused", r.message())
                : Messages.text("privilege.session.unexpected", e));
    }
}
