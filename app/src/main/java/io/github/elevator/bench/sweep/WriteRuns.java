package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.StartUnderWrite;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WriteAllowance;
import io.github.elevator.bench.WriteLoads;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * A sweep's runs of the write workloads, one per slot and block, here with the user's rights in a
 * scratch folder while the device is held. Every run of a workload does the same amount of work,
 * sized once per sweep before its first block: whole units for small-files and start-under-write.
 * read-under-write's blocks run here too, under one writer each ({@link #whileWriting}). The writers
 * of read-under-write and start-under-write write from one {@link WriteAllowance}, each from its
 * equal share.
 */
final class WriteRuns {
    private final DeviceUnderTest device;
    private final Scratch scratch;
    private final double givenSeconds;
    private final BenchmarkListener listener;
    private final Cancellation cancellation;
    /** Each workload measured under a writer, and what its writers may still write. */
    private final Map<Workload, WriteAllowance> shares;
    /** Each workload's fixed work per run, once sized. */
    private final Map<Workload, FixedWork> sizes = new EnumMap<>(Workload.class);
    private StartUnderWrite appStart;

    /** {@code givenSeconds}: what a run is given before its work is sized; {@code shares}: what each workload's writers may write. */
    WriteRuns(DeviceUnderTest device, Scratch scratch, double givenSeconds, BenchmarkListener listener, Cancellation cancellation,
              Map<Workload, WriteAllowance> shares) {
        this.shares = shares;
        this.device = device;
        this.scratch = scratch;
        this.givenSeconds = givenSeconds;
        this.listener = listener;
        this.cancellation = cancellation;
    }

    /** The work a run of {@code w} does, once sized; null before. */
    FixedWork size(Workload w) {
        return sizes.get(w);
    }

    /**
     * Sizes {@code w}'s work on {@code scheduler}, the one the device is on, unless it is sized: what
     * it does and why goes to {@code tell}, with how many blocks of {@code blockSeconds} the budget holds.
     */
    void sizeOnce(Workload w, String scheduler, int budgetSeconds, DoubleSupplier blockSeconds, Consumer<String> tell)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        if (sizes.containsKey(w)) return;
        if (fixed(w)) sizeUnits(w, scheduler, budgetSeconds, blockSeconds, tell);
    }

    /**
     * One run of {@code w} on {@code scheduler}; what it took becomes what the next is expected to
     * cost. Empty when its writer reached its share of the allowance before the run's work ended: not
     * all of it was done under the writer, so the run is not one of {@code w}.
     */
    Optional<RunResult> run(Workload w, String scheduler) throws IOException, InterruptedException, TimedRun.CancelledException {
        FixedWork size = sizes.get(w);
        RunResult r = inApp(w, scheduler, work(w, size.units()));
        sizes.put(w, size.took(r.seconds()));
        return w == Workload.START_UNDER_WRITE && !appStart.lastRunUnderWrite() ? Optional.empty() : Optional.of(r);
    }

    /** Whether {@code w}'s writers have what another block needs left; true for a workload without a writer. */
    boolean holdsAnotherBlock(Workload w) {
        WriteAllowance share = shares.get(w);
        return share == null || share.holdsAnotherBlock();
    }

    /** A block of {@code w} has ended: what its writers wrote is what the next one is expected to write. */
    void blockEnded(Workload w) {
        WriteAllowance share = shares.get(w);
        if (share != null) share.endBlock();
    }

    /** How many blocks of {@code w} a continuation's own share lets run; unlimited for a workload without a writer. */
    int blocksFromFresh(Workload w) {
        WriteAllowance share = shares.get(w);
        return share == null ? Integer.MAX_VALUE : share.blocksFromFresh();
    }

    /**
     * Times one unit of {@code w}'s work on the scheduler the device is on (it also warms the
     * filesystem up; it is not a result) and fixes how many units every run of the sweep does.
     * The progress line says it, and how many blocks the budget holds at that size.
     */
    private void sizeUnits(Workload w, String scheduler, int budgetSeconds, DoubleSupplier blockSeconds, Consumer<String> tell)
            throws IOException, TimedRun.CancelledException {
        tell.accept(Messages.text("app.sweep.timing", w.id(), WorkUnit.of(w).one(), scheduler));
        RunResult one = inApp(w, scheduler, work(w, 1));
        FixedWork size = FixedWork.fitting(givenSeconds, one.seconds());
        sizes.put(w, size);
        tell.accept(size.describe(w.id(), WorkUnit.of(w), givenSeconds, blockSeconds.getAsDouble(), budgetSeconds));
    }

    /** A sliced block run while the writer streams. */
    interface Block {
        Map<String, List<RunResult>> run() throws IOException, InterruptedException, TimedRun.CancelledException;
    }

    /**
     * read-under-write's block: one writer streams through all of it while the slots' reads take
     * turns in slices, so the writer's own ups and downs fall on every slot of the block alike.
     * Empty when the writer reached the allowance before the block's reads ended: some of them
     * were made without it, so the block is not one of read-under-write.
     */
    Optional<Map<String, List<RunResult>>> whileWriting(Block block) throws IOException, InterruptedException,
            TimedRun.CancelledException {
        Object[] done = new Object[1];
        boolean underWrite = WriteLoads.whileWriting(scratch.dir(), shares.get(Workload.READ_UNDER_WRITE), () -> {
            try {
                done[0] = block.run();
            } catch (TimedRun.CancelledException e) {
                done[0] = e;
            }
        });
        if (done[0] instanceof TimedRun.CancelledException e) throw e;
        @SuppressWarnings("unchecked") Map<String, List<RunResult>> bySlot = (Map<String, List<RunResult>>) done[0];
        return underWrite ? Optional.of(bySlot) : Optional.empty();
    }

    /** Why {@code w} runs no more blocks: its writers have written what they may. */
    String spent(Workload w) {
        WriteAllowance share = shares.get(w);
        return Messages.text("app.sweep.writes-spent", w.id(), ByteSize.human(share.spent()), ByteSize.human(share.total()));
    }

    /** Why {@code w}'s {@code block} does not count and no more blocks run: its writer reached its share within it. */
    String spentWithin(Workload w, int block) {
        return Messages.text("app.sweep.writes-spent.mid-block", w.id(), ByteSize.human(shares.get(w).total()), block);
    }

    /** The write workloads that do a fixed amount of work per run. */
    private static boolean fixed(Workload w) {
        return w == Workload.SMALL_FILES || w == Workload.START_UNDER_WRITE;
    }

    /** {@code units} units of a fixed workload's work; the application of start-under-write is laid out once per sweep, outside any run. */
    private TimedRun.Work work(Workload w, int units) throws IOException {
        if (w == Workload.SMALL_FILES) return WriteLoads.smallFiles(scratch.dir(), units);
        if (appStart == null) appStart = StartUnderWrite.layOut(scratch.dir(), shares.get(Workload.START_UNDER_WRITE));
        return appStart.starts(units);
    }

    /** A fixed amount of file work run here, with the user's rights, timed from its start to its end. */
    private RunResult inApp(Workload w, String scheduler, TimedRun.Work work) throws IOException, TimedRun.CancelledException {
        return new TimedRun(device.name(), Path.of("/proc")).runFixed(scheduler, w, 0, "files", work, listener::sample,
                cancellation::isCancelled);
    }
}
