package io.github.elevator.bench.sweep;

import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WriteAllowance;
import io.github.elevator.bench.design.BlockDesign;
import io.github.elevator.bench.design.BoundProjection;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.TimeToResolve;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The blocks of one benchmark: in every block each workload not yet decided runs under every slot
 * (a scheduler, or in a noise check the same scheduler under several labels), back to back, in an
 * order that changes from block to block; after every block each workload's pairs are judged on their
 * within-block ratios, and the sweep stops when all are decided or the budget would run out.
 * <p>
 * Raw reads run as one load that keeps running while the slots take turns in slices of a tenth
 * of a second: the block's order, then the same order reversed, so a drift within the
 * block that is linear in time cancels for every pair. Measured with fio as the load on a RAM-backed
 * loop device (4 KiB random reads, load 1-2), the log ratio of two schedulers varied from block to
 * block by 0.16-0.45 with one 0.48 s run each, by 0.08-0.16 with two 90 ms slices each (the default
 * sweep's), and by 0.05-0.07 with ten 50 ms slices each; without switches, by 0.04-0.08. Write
 * workloads run here, one run per slot and block, with the user's rights, while the device is held.
 * The writers of read-under-write and start-under-write write no more than one {@link WriteAllowance}
 * in all, each from an equal share: a workload's blocks end when what is left of its share would not
 * hold another, and a block whose reads or starts outlasted their writer does not count.
 */
public final class Sweep implements Job {
    /** Warm-up and the cost of asking, per run, beyond its measured seconds. */
    static final double RUN_OVERHEAD_SECONDS = 0.15;
    /** Runs are short so that many blocks fit the budget: aim at this many. */
    static final int AIMED_BLOCKS = 8;
    /** Raw reads cost less per block (no start per slot): aim at more blocks, for more degrees of freedom. */
    static final int AIMED_SLICED_BLOCKS = 14;
    /** Rounds of slices per block: the block's order, then reversed. */
    static final int SLICE_ROUNDS = 2;
    /** Per slice beyond its measured seconds: the switch before it (the kernel freezes the queue, ~25 ms), the settle, asking. */
    static final double SLICE_OVERHEAD_SECONDS = 0.045;
    /** Per sliced block and workload: starting the load and its warm-up. */
    static final double LOAD_OVERHEAD_SECONDS = 0.15;
    /**
     * read-under-write's slices are at least this long, for a few hundred reads each; its block also
     * waits for its writer to get going. Why it is sliced: ReadUnderWriteResolutionTest.
     */
    static final double UNDER_WRITE_SLICE_SECONDS = 0.1;
    static final double WRITER_START_SECONDS = 0.3;
    /** read-under-write's rounds of slices per block: its p99 needs more reads and more turns than a raw read's figure. */
    static final int UNDER_WRITE_ROUNDS = 4;

    private final DeviceUnderTest device;
    private final Map<String, String> schedulerOfSlot;
    private final List<Workload> workloads;
    private WriteRuns writes;
    private final Scratch scratch;
    private final double margin;
    private final BenchmarkListener listener;
    private final Cancellation cancellation;
    private final OtherPrograms others;
    /** What each workload measured under a writer may write in this sweep, all its blocks together. */
    private final Map<Workload, WriteAllowance> shares;
    private final boolean noiseCheck;
    private final BlockDesign design;
    private double runSeconds;
    private double sliceSeconds;
    private final Map<Workload, List<Map<String, Observation>>> blocks = new LinkedHashMap<>();
    private final Map<String, WorkloadDecision> decisions = new LinkedHashMap<>();
    /** Workloads whose leaders' bound would no longer narrow usefully in the time left: their time goes to the others. */
    private final Set<String> settled = new java.util.HashSet<>();
    private final Preference preference;
    private Budget budget;
    private OtherLoad otherLoad;
    private OtherPrograms.Watch watch;
    private final List<RunResult> runs = new ArrayList<>();
    private final List<List<String>> orders = new ArrayList<>();
    private final List<io.github.elevator.bench.OutsideSwitch> outsideSwitches = new ArrayList<>();
    private String current;
    /** Per workload, what its last block took: the pace a longer run would go at. */
    private final Map<String, Double> blockSeconds = new java.util.HashMap<>();
    /** The blocks continue an earlier sweep ("Measure longer"), whose last look spent its share. */
    private boolean continued;

    /**
     * {@code budget}: its seconds and its clock; it begins anew when the blocks begin. The order of the
     * slots in each block is drawn from the clock's reading now.
     */
    public Sweep(DeviceUnderTest device, SweepPlan plan, Budget budget, Scratch scratch, OtherPrograms others,
                 BenchmarkListener listener, Cancellation cancellation) {
        this(device, plan, budget, scratch, others, listener, cancellation, WriteAllowance.standard());
    }

    /** The same, with the writers' writes held to {@code allowance}, all of them together. */
    Sweep(DeviceUnderTest device, SweepPlan plan, Budget budget, Scratch scratch, OtherPrograms others,
          BenchmarkListener listener, Cancellation cancellation, WriteAllowance allowance) {
        this.device = device;
        this.schedulerOfSlot = plan.schedulerOfSlot();
        this.workloads = plan.workloads();
        this.shares = allowance.sharedBy(workloads);
        this.margin = plan.margin();
        this.listener = listener;
        this.cancellation = cancellation;
        this.others = others;
        this.noiseCheck = plan.noiseCheck();
        this.preference = noiseCheck ? Preference.NONE : plan.preference();
        this.budget = budget;
        this.design = new BlockDesign(new ArrayList<>(schedulerOfSlot.keySet()), budget.clock().getAsLong());
        this.runSeconds = runSeconds(budget.seconds(), schedulerOfSlot.size(), workloads.size());
        this.sliceSeconds = sliceSeconds(budget.seconds(), schedulerOfSlot.size(), workloads.size());
        this.current = device.originalScheduler();
        this.scratch = scratch;
        this.writes = new WriteRuns(device, scratch, runSeconds, listener, cancellation, shares);
        for (Workload w : workloads) blocks.put(w, new ArrayList<>());
    }

    /** Measured seconds per run: short enough for {@link #AIMED_BLOCKS} blocks in the budget, within sensible bounds. */
    static double runSeconds(int budgetSeconds, int slots, int workloads) {
        double perRun = budgetSeconds / (double) (AIMED_BLOCKS * slots * workloads) - RUN_OVERHEAD_SECONDS;
        return Math.round(Math.max(0.25, Math.min(5, perRun)) * 1000) / 1000.0;
    }

    /** Measured seconds per slice of a raw read: {@link #AIMED_SLICED_BLOCKS} blocks in the budget, 0.05 to 1 s. */
    static double sliceSeconds(int budgetSeconds, int slots, int workloads) {
        double perBlock = budgetSeconds / (double) (AIMED_SLICED_BLOCKS * workloads) - LOAD_OVERHEAD_SECONDS;
        double perSlice = perBlock / (slots * SLICE_ROUNDS) - SLICE_OVERHEAD_SECONDS;
        return Math.round(Math.max(0.05, Math.min(1, perSlice)) * 1000) / 1000.0;
    }

    /**
     * What the next block of {@code w} takes, for the budget check: the slots still running it
     * times what a slot costs. A write workload's slot is a fixed amount of work, so its cost is
     * what its runs really took once there are any (the timing of one unit before that), not the
     * time it was given.
     */
    private double blockCost(Workload w) {
        int slots = schedulerOfSlot.size() - setAside(w).size();
        if (w.raw()) return LOAD_OVERHEAD_SECONDS + slots * SLICE_ROUNDS * (sliceSeconds + SLICE_OVERHEAD_SECONDS);
        if (w == Workload.READ_UNDER_WRITE) {
            return WRITER_START_SECONDS + LOAD_OVERHEAD_SECONDS + slots * UNDER_WRITE_ROUNDS * (sliceOf(w) + SLICE_OVERHEAD_SECONDS);
        }
        return writeBlockCost(slots, runSeconds, writes.size(w));
    }

    /** A block of a write workload: each slot's run (as sized and measured, or as given before it is sized) and its overhead. */
    static double writeBlockCost(int slots, double givenSeconds, FixedWork size) {
        return slots * ((size == null ? givenSeconds : size.runSeconds()) + RUN_OVERHEAD_SECONDS);
    }

    /**
     * Runs blocks until every workload is decided or settled, the budget would be exceeded, or the
     * user cancels. What other programs used of the machine meanwhile is measured around it.
     */
    @Override
    public void run() throws IOException, InterruptedException, TimedRun.CancelledException {
        watch = others.watch();
        budget = budget.fromNow();
        double lastBlock = 0;
        int first = orders.size();
        for (int b = first; ; b++) {
            List<Workload> open = workloads.stream().filter(w -> !decided(w) && !settled.contains(w.id())).toList();
            if (open.isEmpty() || cancellation.isCancelled()) break;
            double blockCost = b == first ? open.stream().mapToDouble(this::blockCost).sum() : lastBlock;
            if (b > first && budget.elapsed() + blockCost > budget.seconds()) break;
            double blockStart = budget.elapsed();
            List<Workload> measured = runBlock(b, open);
            lastBlock = budget.elapsed() - blockStart;
            double left = budget.seconds() - budget.elapsed();
            // the same test that ends the loop before the next block: known by time, never by the data
            boolean lastLook = left < lastBlock;
            int blocksLeft = lastBlock <= 0 ? 0 : (int) Math.floor(left / lastBlock);
            for (Workload w : open) {
                boolean counted = measured.contains(w);
                // a block that did not count leaves the last decision standing; with none yet, what there is is decided
                if (!counted && decisions.containsKey(w.id())) continue;
                WorkloadDecision earlier = decisions.get(w.id());
                boolean another = counted && writes.holdsAnotherBlock(w);
                boolean last = lastLook || !another;
                WorkloadDecision d = noiseCheck ? PairedAnalysis.noiseCheck(w.id(), w.rankedBy(), blocks.get(w), margin, last, earlier)
                        : PairedAnalysis.decide(w.id(), w.rankedBy(), blocks.get(w), margin, last, earlier, preference, continued);
                decisions.put(w.id(), d);
                if (!noiseCheck && !last && !BoundProjection.worthMore(d, blocksLeft)) settled.add(w.id());
                if (counted && !another && !lastLook) {
                    settled.add(w.id());
                    tell(writes.spent(w));
                }
                listener.decided(w.id(), d);
            }
        }
        otherLoad = watch.stop();
        if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
    }

    /**
     * One block: each workload in turn runs under every slot, back to back, so the runs a pair is
     * judged on lie seconds apart, not a whole block apart. The slots' order is the block's; the
     * first workload of the next block starts where this one ended, which saves a switch. A slot
     * already decided behind another is set aside for that workload: it cannot be the best, and
     * its time goes to the slots that still can. Returns the workloads whose block counts: all but
     * one measured under a writer whose writer ran out of its share within the block.
     */
    private List<Workload> runBlock(int b, List<Workload> open)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        List<String> designed = design.order(b);
        List<Workload> measured = new ArrayList<>();
        for (Workload w : open) {
            double started = budget.elapsed();
            Set<String> behind = setAside(w);
            List<String> order = designed.stream().filter(slot -> !behind.contains(slot)).toList();
            Map<String, Observation> block = new LinkedHashMap<>();
            Map<String, List<RunResult>> bySlot = w.raw() ? sliced(b, w, order)
                    : w == Workload.READ_UNDER_WRITE ? writes.whileWriting(() -> sliced(b, w, order)).orElse(null) : runs(b, w, order);
            if (bySlot == null) {
                // the writer reached its share before the block's work ended: the earlier blocks stand as they were decided
                writes.blockEnded(w);
                settled.add(w.id());
                tell(writes.spentWithin(w, b + 1));
                continue;
            }
            writes.blockEnded(w);
            for (String slot : order) {
                if (!bySlot.containsKey(slot)) continue; // every slice of it spoiled by an outside switch
                RunResult r = relabel(RunResult.ofSlices(bySlot.get(slot)), slot, b + 1);
                runs.add(r);
                listener.run(r);
                double value = w.rankedBy().of(r);
                if (value > 0) {
                    block.put(slot, new Observation(slot, value, r.cpuUsPerIo(), r.iops() * r.seconds(),
                            SliceRates.logs(bySlot.get(slot), r, w.rankedBy())));
                }
            }
            blocks.get(w).add(block);
            blockSeconds.put(w.id(), budget.elapsed() - started);
            measured.add(w);
        }
        orders.add(designed);
        return measured;
    }

    /**
     * One run per slot, in the block's order; a fixed amount of work is sized first, once per sweep.
     * Null when a run's writer reached its share before the run ended: the block is not one of {@code w}.
     */
    private Map<String, List<RunResult>> runs(int b, Workload w, List<String> order)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        writes.sizeOnce(w, current, budget.seconds(), () -> workloads.stream().mapToDouble(this::blockCost).sum(), this::tell);
        Map<String, List<RunResult>> bySlot = new LinkedHashMap<>();
        watch.slotsBegin();
        for (String slot : order) {
            turnTo(slot, w, b);
            Optional<RunResult> r = writes.run(w, current);
            if (r.isEmpty()) {
                watch.slotsEnd();
                return null;
            }
            if (undisturbed(slot, w, b)) bySlot.put(slot, List.of(r.get()));
        }
        watch.slotsEnd();
        return bySlot;
    }

    /** Slices of one running load: the block's order, then reversed; each slice is a live sample. */
    private Map<String, List<RunResult>> sliced(int b, Workload w, List<String> order)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        Map<String, List<RunResult>> bySlot = new LinkedHashMap<>();
        device.load(w.id());
        watch.slotsBegin();
        int rounds = w == Workload.READ_UNDER_WRITE ? UNDER_WRITE_ROUNDS : SLICE_ROUNDS;
        for (int round = 0; round < rounds; round++) {
            List<String> turn = new ArrayList<>(order);
            if (round % 2 == 1) Collections.reverse(turn);
            for (String slot : turn) {
                // a pause can fall outside the measured seconds too (in the switch before them): the slot's whole time counts
                double started = budget.elapsed();
                if (schedulerOfSlot.get(slot).equals(current)) switchAway();
                turnTo(slot, w, b);
                RunResult r = SlotCheck.whole(device.measure(sliceOf(w)), sliceOf(w), budget.elapsed() - started);
                listener.sample(new Sample(slot, w.id(), b + 1, r.seconds(), r.iops(), r.mibps(), r.latP50us(), r.latP99us(),
                        r.sysPct(), r.iowaitPct(), 0, 0));
                if (undisturbed(slot, w, b)) bySlot.computeIfAbsent(slot, k -> new ArrayList<>()).add(r);
            }
        }
        watch.slotsEnd();
        return bySlot;
    }

    /** How long one slice of {@code w} measures. */
    private double sliceOf(Workload w) {
        return w == Workload.READ_UNDER_WRITE ? Math.max(UNDER_WRITE_SLICE_SECONDS, sliceSeconds) : sliceSeconds;
    }

    /**
     * Every slice starts from a switch. A switch leaves a transient: under a blkio throttle the
     * requests held while the queue was frozen go out at once and the throttle starts a new
     * period, so the 90 ms after a switch counted 9-35 % more reads than 90 ms without one (see
     * docs/statistics.md). In a sweep every slice but a few follows a
     * switch (the last of a round is the first of the reversed one), and those few, different
     * slots in different blocks, differ by the transient alone; in a noise check no slice would.
     * A moment on another scheduler first gives each slot the same start, so the noise floor is
     * the one a sweep meets.
     */
    private void switchAway() throws IOException, InterruptedException {
        for (String other : device.schedulers()) {
            if (other.equals(current)) continue;
            device.switchTo(other);
            current = other;
            return;
        }
    }

    /** Puts the device on the slot's scheduler (unless it is on it) and says so. */
    private void turnTo(String slot, Workload w, int b) throws IOException, InterruptedException,
            TimedRun.CancelledException {
        if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
        String scheduler = schedulerOfSlot.get(slot);
        if (!scheduler.equals(current)) {
            // a switch by another program since the last slot's check would be overwritten here without a word
            String found = device.active();
            if (found != null && current != null && !found.equals(current.split(" ", 2)[0])) {
                outsideSwitches.add(new io.github.elevator.bench.OutsideSwitch(w.id(), slot, b + 1, found));
            }
            device.switchTo(scheduler);
            current = scheduler;
        }
        Set<String> behind = setAside(w);
        tell(behind.isEmpty() ? Messages.text("app.sweep.block", w.id(), slot, b + 1)
                : Messages.text("app.sweep.block.without", w.id(), slot, b + 1, String.join(", ", new java.util.TreeSet<>(behind))));
    }

    /**
     * Whether the device is still on the slot's scheduler after its measurement. Another program
     * that switched it meanwhile spoiled the slot: it is not counted, it is said at the end, and the
     * next slot switches the device back as it would from any other scheduler.
     */
    private boolean undisturbed(String slot, Workload w, int b) throws IOException {
        String found = device.active();
        String meant = schedulerOfSlot.get(slot).split(" ", 2)[0];
        if (found == null || found.equals(meant)) return true;
        outsideSwitches.add(new io.github.elevator.bench.OutsideSwitch(w.id(), slot, b + 1, found));
        current = found;
        return false;
    }

    private void tell(String doing) {
        listener.progress(budget.spent(), budget.left(), doing);
    }

    /** The slots decided behind another for {@code w} so far: they are no longer run for it. */
    private Set<String> setAside(Workload w) {
        WorkloadDecision d = decisions.get(w.id());
        return d == null ? Set.of() : d.behind();
    }

    /** Decided: every pair that matters settled. One scheduler alone has no pairs; it runs to the end of the budget. */
    private boolean decided(Workload w) {
        WorkloadDecision d = decisions.get(w.id());
        return d != null && schedulerOfSlot.size() > 1 && d.complete();
    }

    /**
     * Continues an earlier sweep of the same device, slots and workloads ("Measure longer"): its runs,
     * orders and decisions are kept, the next block is numbered after its last, and only the workloads
     * whose answer is not yet measured run on ({@link TimeToResolve}). Its slices and runs are as
     * long as the earlier sweep's ({@code earlierBudgetSeconds} sized them), so its blocks are alike
     * and go at the pace the estimate was made at. Returns this sweep.
     */
    public Sweep continuing(List<RunResult> earlierRuns, List<List<String>> earlierOrders, Map<String, WorkloadDecision> earlier,
                            double earlierBudgetSeconds) {
        int sizedFor = (int) Math.round(earlierBudgetSeconds);
        runSeconds = runSeconds(sizedFor, schedulerOfSlot.size(), workloads.size());
        sliceSeconds = sliceSeconds(sizedFor, schedulerOfSlot.size(), workloads.size());
        writes = new WriteRuns(device, scratch, runSeconds, listener, cancellation, shares);
        for (Workload w : workloads) {
            blocks.get(w).addAll(blocksOf(earlierRuns, w));
            WorkloadDecision d = earlier.get(w.id());
            if (d != null) decisions.put(w.id(), d);
            if (d == null || TimeToResolve.blocks(blocks.get(w), d) == 0) settled.add(w.id());
        }
        runs.addAll(earlierRuns);
        orders.addAll(earlierOrders);
        continued = true;
        return this;
    }

    /**
     * About how long more blocks would take to resolve every answer not yet measured, at the pace
     * of this sweep's last blocks; null when there is none or the blocks cannot say yet.
     */
    public Double secondsToResolve() {
        return secondsMore(null);
    }

    /**
     * About how long more blocks would take to resolve every answer not yet measured, at the pace of
     * this sweep's blocks but the noise of {@code reference}, the runs of another sweep of the same
     * device and slots (one on a quiet machine); null where it cannot say (the reference lacks a
     * workload's leaders, or has too few blocks of them) or nothing is to be resolved; 0 where the
     * blocks run would have been enough at that noise.
     */
    public Double secondsToResolveAt(List<RunResult> reference) {
        return secondsMore(reference);
    }

    /**
     * The workloads measured under a writer that, at this sweep's noise, need more blocks to be
     * resolved than a continuation's own share of the writes lets run: the time named counts only
     * those, and a continuation of that length will not resolve them.
     */
    public List<String> shortOfWrites() {
        List<String> shortOf = new ArrayList<>();
        for (Workload w : shares.keySet()) {
            WorkloadDecision d = decisions.get(w.id());
            if (d == null) continue;
            int needed = TimeToResolve.blocks(blocks.get(w), d);
            if (needed > 0 && needed - d.blocks() > writes.blocksFromFresh(w)) shortOf.add(w.id());
        }
        return shortOf;
    }

    /** The seconds of both: at this sweep's own noise ({@code reference} null), or at {@code reference}'s. */
    private Double secondsMore(List<RunResult> reference) {
        double seconds = 0;
        boolean any = false;
        for (Workload w : workloads) {
            WorkloadDecision d = decisions.get(w.id());
            int own = TimeToResolve.blocks(blocks.get(w), d);
            if (own < 0) return null;
            if (own == 0) continue;
            int needed = reference == null ? own : TimeToResolve.blocksAt(blocksOf(reference, w), d);
            if (needed < 0) return null;
            any = true;
            int more = needed - d.blocks();
            // a continuation writes no more than its own allowance: a workload under a writer runs no block beyond its share
            more = Math.min(more, writes.blocksFromFresh(w));
            if (more > 0) seconds += more * blockSeconds.getOrDefault(w.id(), blockCost(w));
        }
        if (reference == null) return seconds > 0 ? seconds : null;
        return any ? seconds : null;
    }

    /** {@code w}'s blocks in {@code runs}, by their block number: each slot's ranked figure and CPU per I/O. */
    private static List<Map<String, Observation>> blocksOf(List<RunResult> runs, Workload w) {
        Map<Integer, Map<String, Observation>> byBlock = new java.util.TreeMap<>();
        for (RunResult r : runs) {
            double value = r.workload().equals(w.id()) ? w.rankedBy().of(r) : 0;
            if (value > 0) byBlock.computeIfAbsent(r.repeat(), k -> new LinkedHashMap<>()).put(r.scheduler(), new Observation(r.scheduler(), value, r.cpuUsPerIo()));
        }
        return new ArrayList<>(byBlock.values());
    }

    private static RunResult relabel(RunResult r, String slot, int block) {
        return new RunResult(slot, r.workload(), block, r.seconds(), r.iops(), r.mibps(), r.latP50us(), r.latP99us(),
                r.sysPct(), r.iowaitPct(), r.cpuUsPerIo(), r.engine());
    }

    public Map<String, WorkloadDecision> decisions() {
        return decisions;
    }

    /** What other programs used while the sweep ran; null before it ran. */
    public OtherLoad otherLoad() {
        return otherLoad;
    }

    public List<RunResult> runs() {
        return runs;
    }

    public List<List<String>> orders() {
        return orders;
    }

    /** Every slot another program spoiled by switching the device, in the order they were found. */
    public List<io.github.elevator.bench.OutsideSwitch> outsideSwitches() {
        return outsideSwitches;
    }
}
