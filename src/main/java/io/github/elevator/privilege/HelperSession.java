package io.github.elevator.privilege;

import io.github.elevator.device.SchedulerVariant;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.helper.protocol.HelperCommand;
import io.github.elevator.helper.protocol.HelperEvent;
import io.github.elevator.helper.protocol.HelperProtocol;
import io.github.elevator.text.Sentences;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The app's end of {@code elevator-helper benchmark DEVICE}: one authentication, then switches and
 * raw reads on request while the helper holds the device. Closing it (or this process dying) makes
 * the helper put the original scheduler back.
 */
public final class HelperSession implements AutoCloseable {
    /** How long a switch may take before the helper counts as stuck (the kernel freezes the queue: ~25 ms). */
    private static final long SWITCH_SECONDS = 30;

    private final RunningHelper helper;
    private final BlockingQueue<HelperEvent> events;
    private final HelperEvent.Ready ready;
    private volatile Consumer<Sample> samples = s -> { };

    private HelperSession(RunningHelper helper, BlockingQueue<HelperEvent> events, HelperEvent.Ready ready) {
        this.helper = helper;
        this.events = events;
        this.ready = ready;
    }

    /** Starts the session (pkexec asks here) and waits until the helper holds the device. */
    public static HelperSession open(HelperRunner runner, String device) throws PrivilegeException, InterruptedException {
        BlockingQueue<HelperEvent> events = new LinkedBlockingQueue<>();
        HelperSession[] self = new HelperSession[1];
        RunningHelper helper = runner.start(List.of("benchmark", device), line -> HelperProtocol.decodeEvent(line).ifPresent(e -> {
            if (e instanceof HelperEvent.SampleTaken s && self[0] != null) self[0].samples.accept(s.sample());
            else events.add(e);
        }));
        while (true) {
            HelperEvent e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e instanceof HelperEvent.Ready r) {
                self[0] = new HelperSession(helper, events, r);
                return self[0];
            }
            if (e == null && !helper.alive()) {
                helper.waitFor();
                throw new PrivilegeException(PrivilegeException.Reason.HELPER_FAILED, null, "The helper ended before it held the device.");
            }
        }
    }

    public HelperEvent.Ready ready() {
        return ready;
    }

    /** Puts the device on {@code variant}: a scheduler's name, or one with settings ("bfq low_latency=0"). */
    public void switchTo(String variant) throws IOException, InterruptedException {
        SchedulerVariant wanted;
        try {
            wanted = SchedulerVariant.parse(variant);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage());
        }
        send(new HelperCommand.Switch(wanted));
        HelperEvent e = answer(SWITCH_SECONDS);
        if (!(e instanceof HelperEvent.Switched s) || !s.scheduler().equals(wanted.text())) throw refused(e);
    }

    /** One raw read run on the current scheduler; live samples go to {@code sampleSink} meanwhile. */
    public RunResult read(String workload, double seconds, Consumer<Sample> sampleSink) throws IOException, InterruptedException {
        samples = sampleSink;
        try {
            send(new HelperCommand.Read(workload, seconds));
            HelperEvent e = answer((long) Math.ceil(seconds) + SWITCH_SECONDS);
            if (e instanceof HelperEvent.RunDone r) return r.run();
            throw refused(e);
        } finally {
            samples = s -> { };
        }
    }

    /** Starts a raw read workload that keeps running through switches until the next load, read or the end. */
    public void load(String workload) throws IOException, InterruptedException {
        send(new HelperCommand.Load(workload));
        HelperEvent e = answer(SWITCH_SECONDS);
        if (!(e instanceof HelperEvent.Loaded l) || !l.workload().equals(workload)) throw refused(e);
    }

    /** One slice of the running load on the current scheduler. */
    public RunResult measure(double seconds) throws IOException, InterruptedException {
        send(new HelperCommand.Measure(seconds));
        HelperEvent e = answer((long) Math.ceil(seconds) + SWITCH_SECONDS);
        if (e instanceof HelperEvent.RunDone r) return r.run();
        throw refused(e);
    }

    /**
     * Ends the session: the helper puts the original back and says on which scheduler the device
     * is now. Returns that, or null when the helper did not say (it was killed; see its records).
     */
    public String finish() throws InterruptedException {
        helper.send(HelperProtocol.encode(new HelperCommand.End()));
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

    @Override
    public void close() throws InterruptedException {
        if (helper.alive()) finish();
    }

    private void send(HelperCommand command) throws IOException {
        if (!helper.send(HelperProtocol.encode(command))) throw new IOException(gone());
    }

    private HelperEvent answer(long seconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            HelperEvent e = events.poll(200, TimeUnit.MILLISECONDS);
            if (e instanceof HelperEvent.Restored) throw new IOException(gone());
            if (e != null) return e;
            if (!helper.alive()) throw new IOException(gone());
        }
        throw new IOException("the helper did not answer within " + seconds + " s");
    }

    private String gone() {
        String why = failure();
        return "the helper stopped" + (why.isEmpty() ? "" : ": " + Sentences.lowerFirst(why));
    }

    private static IOException refused(HelperEvent e) {
        return new IOException(e instanceof HelperEvent.Refused r ? r.message() : "unexpected answer from the helper: " + e);
    }
}
