package io.github.elevator.bench.sweep;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.BlockDesign;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.sweep.MemoryDevice.Rate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The job loop against a device in memory, on a clock that moves only as the device spends time:
 * a minute's sweep takes milliseconds. The budget, the schedule of loads, switches and slices, the
 * set-aside of a scheduler decided behind, the recommendation the rule gives for given rates.
 */
class SweepTest {
    private static final long START = 42_000_000_000L;
    /** Each device's own, from the same reading: the same seed, so the same design, for every sweep of a test. */
    private ManualClock clock;

    private static Map<String, Rate> rates(Object... schedulerIopsCpu) {
        Map<String, Rate> rates = new LinkedHashMap<>();
        for (int i = 0; i < schedulerIopsCpu.length; i += 3) {
            rates.put((String) schedulerIopsCpu[i], new Rate(((Number) schedulerIopsCpu[i + 1]).doubleValue(),
                    ((Number) schedulerIopsCpu[i + 2]).doubleValue()));
        }
        return rates;
    }

    private MemoryDevice device(Map<String, Rate> rates, double noise) {
        clock = new ManualClock(START);
        return new MemoryDevice("mq-deadline", rates, noise, 7, clock);
    }

    /** Every scheduler the device offers, each its own slot. */
    static SweepPlan all(MemoryDevice device, List<Workload> workloads, Preference preference) {
        Map<String, String> slots = new LinkedHashMap<>();
        for (String s : device.schedulers()) slots.put(s, s);
        return new SweepPlan(slots, workloads, 0.03, false, preference);
    }

    private Sweep sweep(MemoryDevice device, SweepPlan plan, int budgetSeconds, BenchmarkListener listener, Cancellation cancellation) {
        return new Sweep(device, plan, Budget.of(budgetSeconds, clock), null, OtherPrograms.UNWATCHED, listener, cancellation);
    }

    /**
     * read-under-write: one writer (real, in a scratch folder) through each block while the slots'
     * reads take turns in slices of one load, as the raw reads do; its files gone afterwards.
     */
    @Test
    void readUnderWriteSlicesItsReadsUnderOneWriterPerBlock(@org.junit.jupiter.api.io.TempDir java.nio.file.Path mount) throws Exception {
        MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 100, 4), 0.05);
        SweepPlan plan = all(device, List.of(Workload.READ_UNDER_WRITE), Preference.NONE);
        try (io.github.elevator.bench.Scratch scratch = io.github.elevator.bench.Scratch.create(mount)) {
            Sweep sweep = new Sweep(device, plan, Budget.of(30, clock), scratch, OtherPrograms.UNWATCHED, new BenchmarkListener() {
            }, new Cancellation());
            Ending.of(device, sweep);
            long loads = device.calls().stream().filter("load read-under-write"::equals).count();
            assertEquals(sweep.orders().size(), loads, "one load per block: " + device.calls());
            assertTrue(device.calls().stream().noneMatch(c -> c.startsWith("read ")), "no separate runs: " + device.calls());
            List<String> calls = device.calls();
            int first = calls.indexOf("load read-under-write");
            int second = calls.subList(first + 1, calls.size()).indexOf("load read-under-write") + first + 1;
            assertEquals(3 * Sweep.UNDER_WRITE_ROUNDS, calls.subList(first, second).stream().filter(c -> c.startsWith("measure")).count(),
                    "the first block: every slot in every round of slices");
            assertTrue(sweep.decisions().get("read-under-write").behind().contains("kyber"), "kyber's p99 is three times the others'");
            try (var left = java.nio.file.Files.list(scratch.dir())) {
                assertEquals(0, left.count(), "the writer's file removed after every block");
            }
        }
    }

    @Test
    void theBudgetIsKept() throws Exception {
        for (int budget : List.of(10, 30, 60, 120)) {
            for (List<Workload> workloads : List.of(List.of(Workload.RAND_READ), List.of(Workload.SEQ_READ, Workload.RAND_READ_QD32))) {
                MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 300, 4, "bfq", 300, 4), 0.4);
                List<double[]> progress = new ArrayList<>();
                BenchmarkListener listener = new BenchmarkListener() {
                    @Override
                    public void progress(double fraction, double secondsLeft, String doing) {
                        progress.add(new double[] {fraction, secondsLeft});
                    }
                };
                long start = clock.getAsLong();
                Ending ending = Ending.of(device, sweep(device, all(device, workloads, Preference.NONE), budget, listener, new Cancellation()));
                double spent = (clock.getAsLong() - start) / 1e9;
                assertEquals(Ending.Way.DONE, ending.way());
                assertTrue(spent <= budget, "spent " + spent + " s of " + budget + " s on " + workloads);
                assertTrue(progress.stream().allMatch(p -> p[0] >= 0 && p[0] <= 1 && p[1] >= 0 && p[1] <= budget), "progress within the budget");
            }
        }
    }

    /**
     * Issue 29: a busy sweep's answer says how long it would take on a quiet machine, from the
     * noise of a quiet sweep of the same device and slots: less than at its own noise; nothing
     * where the quiet sweep lacks one of its leaders.
     */
    @Test
    void aQuietSweepsNoiseNamesLessTimeThanTheBusyOnesOwn() throws Exception {
        Map<String, Rate> same = rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 300, 4);
        MemoryDevice busy = device(same, 0.3);
        SweepPlan plan = all(busy, List.of(Workload.RAND_READ), new Preference("mq-deadline", "mq-deadline"));
        Sweep noisy = sweep(busy, plan, 20, new BenchmarkListener() { }, new Cancellation());
        Ending.of(busy, noisy);
        assertEquals(io.github.elevator.bench.design.Strength.NOT_MEASURED, noisy.decisions().get("rand-read").strength());
        Double own = noisy.secondsToResolve();
        assertTrue(own != null && own > 0, "its own estimate: " + own);

        MemoryDevice calm = new MemoryDevice("mq-deadline", same, 0.02, 11, clock);
        Sweep quiet = sweep(calm, all(calm, List.of(Workload.RAND_READ), new Preference("mq-deadline", "mq-deadline")), 20,
                new BenchmarkListener() { }, new Cancellation());
        Ending.of(calm, quiet);
        Double atQuiet = noisy.secondsToResolveAt(quiet.runs());
        assertTrue(atQuiet != null && atQuiet < own / 10, "at a tenth of the noise, under a tenth of the time: " + atQuiet + " against " + own);

        List<RunResult> withoutKyber = quiet.runs().stream().filter(r -> !r.scheduler().equals("kyber")).toList();
        assertEquals(null, noisy.secondsToResolveAt(withoutKyber), "a leader the quiet sweep did not run: nothing said");
    }

    /**
     * "Measure longer": a sweep too short to tell identical schedulers apart names about how long
     * it would need; continued for that time it keeps the earlier blocks (its runs and orders
     * first, unchanged), numbers the new ones after them on the same slots, and resolves the answer.
     */
    @Test
    void aContinuedSweepKeepsItsBlocksAndResolvesInTheTimeItNamed() throws Exception {
        Map<String, Rate> same = rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 300, 4, "bfq", 300, 4);
        MemoryDevice device = device(same, 0.1);
        SweepPlan plan = all(device, List.of(Workload.RAND_READ), new Preference("mq-deadline", "mq-deadline"));
        Sweep first = sweep(device, plan, 20, new BenchmarkListener() { }, new Cancellation());
        Ending.of(device, first);
        WorkloadDecision before = first.decisions().get("rand-read");
        assertEquals(io.github.elevator.bench.design.Strength.NOT_MEASURED, before.strength(), before.toString());
        Double seconds = first.secondsToResolve();
        assertTrue(seconds != null && seconds > 20 && seconds < 1800, "seconds to resolve: " + seconds);
        List<RunResult> earlierRuns = List.copyOf(first.runs());
        List<List<String>> earlierOrders = List.copyOf(first.orders());

        long start = clock.getAsLong();
        MemoryDevice again = new MemoryDevice("mq-deadline", same, 0.1, 8, clock); // a new session of the same device
        Sweep longer = new Sweep(again, plan, Budget.of((int) Math.ceil(seconds), clock), null, OtherPrograms.UNWATCHED,
                new BenchmarkListener() { }, new Cancellation()).continuing(earlierRuns, earlierOrders, first.decisions(), 20);
        Ending.of(again, longer);
        double spent = (clock.getAsLong() - start) / 1e9;
        WorkloadDecision after = longer.decisions().get("rand-read");

        assertEquals(earlierRuns, longer.runs().subList(0, earlierRuns.size()), "the earlier runs come first, unchanged");
        assertEquals(earlierOrders, longer.orders().subList(0, earlierOrders.size()), "the earlier blocks' orders too");
        assertTrue(longer.orders().size() > earlierOrders.size(), "more blocks: " + longer.orders().size());
        assertTrue(after.blocks() > before.blocks(), after.blocks() + " blocks after " + before.blocks());
        assertEquals(Set.copyOf(plan.schedulerOfSlot().keySet()), Set.copyOf(longer.orders().get(longer.orders().size() - 1)));
        int lastEarlier = earlierRuns.stream().mapToInt(RunResult::repeat).max().orElseThrow();
        assertTrue(longer.runs().subList(earlierRuns.size(), longer.runs().size()).stream().allMatch(r -> r.repeat() > lastEarlier),
                "new blocks are numbered after block " + lastEarlier);
        assertTrue(spent <= Math.ceil(seconds), "spent " + spent + " s of " + seconds);
        assertTrue(after.strength() != io.github.elevator.bench.design.Strength.NOT_MEASURED,
                "resolved after " + after.blocks() + " blocks in " + spent + " s (named " + seconds + " s after " + before.blocks() + " blocks, needing " + io.github.elevator.bench.design.TimeToResolve.class.getSimpleName() + "): " + after.choice() + " " + after.pairs());
        System.out.printf(java.util.Locale.ROOT, "continued sweep: %d blocks in 20 s named %.0f s more; after %d blocks (%.0f s) %s%n",
                before.blocks(), seconds, after.blocks(), spent, after.strength());
    }

    /**
     * Each block: the load started once, then a slice of every slot still running in the design's
     * order for that block, then the same order reversed, each slice after a switch (away and back
     * where the slot's scheduler is on already, so that no slot misses the switch's transient);
     * a scheduler decided behind drops out of the blocks after; then the finish.
     */
    @Test
    void theScheduleIsTheOnePromised() throws Exception {
        MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 100, 4), 0.05);
        SweepPlan plan = all(device, List.of(Workload.RAND_READ), Preference.NONE);
        List<Set<String>> behindAfterBlock = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        List<RunResult> runs = new ArrayList<>();
        BenchmarkListener listener = new BenchmarkListener() {
            @Override
            public void decided(String workload, WorkloadDecision decision) {
                behindAfterBlock.add(decision.behind());
            }

            @Override
            public void sample(Sample sample) {
                samples.add(sample);
            }

            @Override
            public void run(RunResult result) {
                runs.add(result);
            }
        };
        Sweep sweep = sweep(device, plan, 30, listener, new Cancellation());
        Ending.of(device, sweep);

        BlockDesign design = new BlockDesign(List.copyOf(plan.schedulerOfSlot().keySet()), START);
        List<String> expected = new ArrayList<>();
        List<String> expectedRuns = new ArrayList<>();
        String current = device.originalScheduler();
        int blocks = sweep.orders().size();
        for (int b = 0; b < blocks; b++) {
            assertEquals(design.order(b), sweep.orders().get(b), "block " + (b + 1) + " runs in the design's order");
            Set<String> behind = b == 0 ? Set.of() : behindAfterBlock.get(b - 1);
            List<String> order = design.order(b).stream().filter(s -> !behind.contains(s)).toList();
            expected.add("load rand-read");
            for (int round = 0; round < Sweep.SLICE_ROUNDS; round++) {
                List<String> turn = new ArrayList<>(order);
                if (round % 2 == 1) Collections.reverse(turn);
                for (String slot : turn) {
                    if (slot.equals(current)) expected.add("switch " + device.schedulers().stream().filter(o -> !o.equals(slot)).findFirst().orElseThrow());
                    expected.add("switch " + slot);
                    current = slot;
                    expected.add("measure on " + slot);
                }
            }
            for (String slot : order) expectedRuns.add(slot + " block " + (b + 1));
        }
        expected.add("finish");
        assertEquals(expected, device.calls());
        assertEquals(expectedRuns, runs.stream().map(r -> r.scheduler() + " block " + r.repeat()).toList(), "one result per slot and block");
        assertEquals(Set.of("kyber"), behindAfterBlock.get(behindAfterBlock.size() - 1), "kyber, at a third of the others' rate, is set aside");
        assertTrue(blocks > PairedAnalysis.MIN_BLOCKS && device.calls().stream().filter("measure on kyber"::equals).count()
                < device.calls().stream().filter("measure on none"::equals).count(), "kyber only until it was behind");
        double slice = Sweep.sliceSeconds(30, 3, 1);
        assertTrue(samples.stream().allMatch(s -> s.elapsedSeconds() == slice), "every slice as long as planned: " + slice + " s");
        assertEquals(behindAfterBlock.size(), blocks, "one decision per block");
    }

    @Test
    void aNoiseCheckRunsTheCurrentSchedulerInEverySlotEachAfterASwitchAway() throws Exception {
        MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 200, 4), 0.05);
        Map<String, String> slots = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) slots.put("mq-deadline#" + i, "mq-deadline");
        Sweep sweep = sweep(device, new SweepPlan(slots, List.of(Workload.RAND_READ), 0.03, true, Preference.NONE), 10,
                new BenchmarkListener() { }, new Cancellation());
        Ending.of(device, sweep);
        List<String> calls = device.calls();
        assertTrue(calls.stream().filter(c -> c.startsWith("measure")).allMatch(c -> c.equals("measure on mq-deadline")), calls.toString());
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).startsWith("measure")) {
                assertEquals(List.of("switch none", "switch mq-deadline"), calls.subList(i - 2, i), "each slice follows a switch back: " + calls);
            }
        }
        assertTrue(sweep.runs().stream().allMatch(r -> r.scheduler().startsWith("mq-deadline#")), sweep.runs().toString());
    }

    /** A cancel at the first slice of any block: the cancel is the ending, and the device is finished once, nothing after. */
    @Test
    void aCancelAtAnyBlockEndsInOneFinish() throws Exception {
        for (int cancelAt = 1; cancelAt <= 12; cancelAt++) {
            MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 300, 4), 0.4);
            Cancellation cancellation = new Cancellation();
            int block = cancelAt;
            Sweep sweep = sweep(device, all(device, List.of(Workload.RAND_READ), Preference.NONE), 60, new BenchmarkListener() {
                @Override
                public void sample(Sample sample) {
                    if (sample.repeat() == block) cancellation.cancel();
                }
            }, cancellation);
            Ending ending = Ending.of(device, sweep);
            assertEquals(Ending.Way.CANCELLED, ending.way(), "cancelled in block " + block);
            assertEquals("mq-deadline", ending.back());
            assertEquals(1, device.finishes());
            assertEquals("finish", device.calls().get(device.calls().size() - 1));
            assertEquals(block - 1, sweep.orders().size(), "the cancelled block is not counted");
        }
    }

    /**
     * Another program switches the device to kyber (no slot of this sweep, and far faster) in the middle
     * of a slice: that slice is not counted under the slot it spoiled, the switch is kept for the end,
     * the next slice switches the device back, and the sweep still ends well with one finish.
     */
    @Test
    void anOutsideSwitchIsKeptAndItsSliceNotCounted() throws Exception {
        Map<String, Rate> rates = rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 30_000, 4);
        Map<String, String> slots = new LinkedHashMap<>();
        slots.put("none", "none");
        slots.put("mq-deadline", "mq-deadline");
        SweepPlan plan = new SweepPlan(slots, List.of(Workload.RAND_READ), 0.03, false, Preference.NONE);
        MemoryDevice whole = device(rates, 0.1);
        Sweep clean = sweep(whole, plan, 10, new BenchmarkListener() { }, new Cancellation());
        assertEquals(Ending.Way.DONE, Ending.of(whole, clean).way());
        assertTrue(clean.outsideSwitches().isEmpty(), "no switch but the sweep's own: " + clean.outsideSwitches());
        int measures = (int) whole.calls().stream().filter(c -> c.startsWith("measure")).count();
        int fifth = 0;
        for (int n = 1, seen = 0; n <= whole.calls().size(); n++) {
            if (whole.calls().get(n - 1).startsWith("measure") && ++seen == 5) fifth = n;
        }

        MemoryDevice device = device(rates, 0.1).switchedOutsideAtCall(fifth, "kyber");
        Sweep sweep = sweep(device, plan, 10, new BenchmarkListener() { }, new Cancellation());
        assertEquals(Ending.Way.DONE, Ending.of(device, sweep).way());
        assertEquals(1, sweep.outsideSwitches().size(), sweep.outsideSwitches().toString());
        io.github.elevator.bench.OutsideSwitch spoiled = sweep.outsideSwitches().get(0);
        assertEquals("kyber", spoiled.found());
        assertEquals(Workload.RAND_READ.id(), spoiled.workload());
        assertTrue(slots.containsKey(spoiled.slot()), spoiled.toString());
        for (RunResult r : sweep.runs()) assertTrue(r.iops() < 1000, "kyber's reads counted under " + r.scheduler() + ": " + r.iops());
        String next = device.calls().get(fifth);
        assertTrue(next.startsWith("switch "), "back on a slot's scheduler before the next slice: " + next);
        assertEquals(1, device.finishes());
        assertTrue(measures > 10, "a sweep of many slices: " + measures);

        // between a slot's check and the switch to the next slot: nothing is spoiled, but it is said
        MemoryDevice between = device(rates, 0.1).switchedOutsideAfterTheCheckOfCall(fifth, "kyber");
        Sweep late = sweep(between, plan, 10, new BenchmarkListener() { }, new Cancellation());
        assertEquals(Ending.Way.DONE, Ending.of(between, late).way());
        assertEquals(1, late.outsideSwitches().size(), "a switch the sweep's own would have overwritten: " + late.outsideSwitches());
        assertEquals("kyber", late.outsideSwitches().get(0).found());
        for (RunResult r : late.runs()) assertTrue(r.iops() < 1000, "kyber's reads counted under " + r.scheduler() + ": " + r.iops());
    }

    /**
     * The app stopped for 165 s in the middle of a slice (SIGSTOP, then SIGCONT) measures the pause:
     * at whichever measuring call it happens, the run fails as interrupted, decides nothing more and
     * finishes the device once; the same sweep without the pause ends well.
     */
    @Test
    void aPauseLongerThanASliceBreaksTheRunAtAnyMeasurement() throws Exception {
        MemoryDevice whole = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1);
        Ending.of(whole, sweep(whole, all(whole, List.of(Workload.RAND_READ), Preference.NONE), 10, new BenchmarkListener() { }, new Cancellation()));
        List<String> calls = whole.calls();
        int paused = 0;
        for (int n = 1; n <= calls.size(); n++) {
            if (!calls.get(n - 1).startsWith("measure")) continue;
            paused++;
            MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1).pausedAtCall(n, 165);
            Ending ending = Ending.of(device, sweep(device, all(device, List.of(Workload.RAND_READ), Preference.NONE), 10,
                    new BenchmarkListener() { }, new Cancellation()));
            assertEquals(Ending.Way.FAILED, ending.way(), "paused at call " + n);
            assertTrue(ending.failure().getMessage().startsWith("the run was interrupted: a rand-read slot on "), ending.failure().getMessage());
            assertTrue(ending.failure().getMessage().contains(" took 165 s "), ending.failure().getMessage());
            assertEquals(1, device.finishes());
            assertEquals("finish", device.calls().get(n), "nothing after the paused slice but the finish");
        }
        assertTrue(paused > 10, "paused at " + paused + " slices");
        assertFalse(SlotCheck.broken(0.3, 1.5), "a slow switch or a loaded machine is no pause");
    }

    /** The app stopped during the switch before a slice, outside the slice's measured seconds: the run is broken all the same. */
    @Test
    void aPauseInTheSwitchBeforeASliceBreaksTheRun() throws Exception {
        MemoryDevice whole = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1);
        Ending.of(whole, sweep(whole, all(whole, List.of(Workload.RAND_READ), Preference.NONE), 10, new BenchmarkListener() { }, new Cancellation()));
        int switches = 0;
        for (int n = 1; n <= whole.calls().size(); n++) {
            if (!whole.calls().get(n - 1).startsWith("switch")) continue;
            switches++;
            MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1).pausedAtCall(n, 165);
            Ending ending = Ending.of(device, sweep(device, all(device, List.of(Workload.RAND_READ), Preference.NONE), 10,
                    new BenchmarkListener() { }, new Cancellation()));
            assertEquals(Ending.Way.FAILED, ending.way(), "paused at call " + n);
            assertTrue(ending.failure().getMessage().contains(" took 165 s "), ending.failure().getMessage());
            assertEquals(1, device.finishes());
        }
        assertTrue(switches > 10, "paused at " + switches + " switches");
    }

    /** The device failing at any of its calls of a whole sweep: the failure is the ending, and the device is finished once. */
    @Test
    void aDeviceFailureAtAnyCallEndsInOneFinish() throws Exception {
        MemoryDevice whole = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1);
        Ending.of(whole, sweep(whole, all(whole, List.of(Workload.RAND_READ, Workload.SEQ_READ), Preference.NONE), 10,
                new BenchmarkListener() { }, new Cancellation()));
        int calls = whole.calls().size() - 1;
        assertTrue(calls > 100, "a sweep of many blocks: " + calls + " calls");
        for (int n = 1; n <= calls; n++) {
            MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 250, 4, "kyber", 300, 4), 0.1).failingAtCall(n);
            Ending ending = Ending.of(device, sweep(device, all(device, List.of(Workload.RAND_READ, Workload.SEQ_READ), Preference.NONE), 10,
                    new BenchmarkListener() { }, new Cancellation()));
            assertEquals(Ending.Way.FAILED, ending.way(), "failing at call " + n);
            assertTrue(ending.failure().getMessage().startsWith("mem0 failed at "), ending.failure().getMessage());
            assertEquals(1, device.finishes());
            assertEquals(List.of(device.calls().get(n - 1), "finish"), device.calls().subList(n - 1, device.calls().size()),
                    "nothing after the failure but the finish");
        }
    }

    @Test
    void aJobThatBreaksOrIsInterruptedStillFinishesOnce() {
        MemoryDevice device = device(rates("none", 300, 4, "mq-deadline", 250, 4), 0);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> Ending.of(device, () -> {
            throw new IllegalStateException("a bug");
        }));
        assertEquals(1, device.finishes());
        MemoryDevice interrupted = device(rates("none", 300, 4, "mq-deadline", 250, 4), 0);
        org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class, () -> Ending.of(interrupted, () -> {
            throw new InterruptedException();
        }));
        assertEquals(1, interrupted.finishes());
    }

    private WorkloadDecision decided(Map<String, Rate> rates, Preference preference) throws Exception {
        MemoryDevice device = device(rates, 0.02);
        Sweep sweep = sweep(device, all(device, List.of(Workload.RAND_READ), preference), 60, new BenchmarkListener() { }, new Cancellation());
        Ending ending = Ending.of(device, sweep);
        assertEquals(Ending.Way.DONE, ending.way());
        return sweep.decisions().get("rand-read");
    }

    /**
     * The rule: the leaders are those no other was decided faster than; one leader is the answer;
     * among several, the least CPU per I/O where that is decided, else the kernel's own choice, else
     * the one in use, else the lightest by design.
     */
    @Test
    void theRecommendationForGivenRatesIsTheOneTheRuleStates() throws Exception {
        WorkloadDecision fastest = decided(rates("none", 300, 4, "mq-deadline", 200, 4, "kyber", 100, 4), new Preference("mq-deadline", "kyber"));
        assertEquals("none", fastest.recommendation(), DecisionWords.why(fastest));
        assertEquals(Basis.ONLY_LEADER, fastest.choice().basis());
        assertEquals(Set.of("mq-deadline", "kyber"), fastest.behind());
        assertTrue(fastest.complete(), DecisionWords.why(fastest));

        Map<String, Rate> twoLeaders = rates("none", 300, 4, "mq-deadline", 300, 4, "kyber", 100, 4);
        WorkloadDecision kernel = decided(twoLeaders, new Preference("mq-deadline", "none"));
        assertEquals("mq-deadline", kernel.recommendation(), DecisionWords.why(kernel));
        assertEquals(Basis.KERNEL_DEFAULT, kernel.choice().basis());
        assertEquals(Set.of("kyber"), kernel.behind());

        WorkloadDecision inUse = decided(twoLeaders, new Preference(null, "none"));
        assertEquals("none", inUse.recommendation(), DecisionWords.why(inUse));
        assertEquals(Basis.IN_USE, inUse.choice().basis());

        WorkloadDecision lighter = decided(rates("none", 300, 2, "mq-deadline", 300, 6, "kyber", 100, 4), new Preference("mq-deadline", "mq-deadline"));
        assertEquals("none", lighter.recommendation(), DecisionWords.why(lighter));
        assertEquals(Basis.LEAST_CPU, lighter.choice().basis());

        WorkloadDecision byDesign = decided(twoLeaders, Preference.NONE);
        assertEquals(Basis.LIGHTEST_BY_DESIGN, byDesign.choice().basis(), DecisionWords.why(byDesign));
        assertEquals("none", byDesign.recommendation(), DecisionWords.why(byDesign));
    }

    @Test
    void oneSchedulerAloneRunsToTheEndOfTheBudgetWithoutARecommendation() throws Exception {
        MemoryDevice device = device(rates("mq-deadline", 300, 4), 0.05);
        long start = clock.getAsLong();
        Sweep sweep = sweep(device, all(device, List.of(Workload.RAND_READ), Preference.NONE), 10, new BenchmarkListener() { }, new Cancellation());
        Ending.of(device, sweep);
        double spent = (clock.getAsLong() - start) / 1e9;
        assertTrue(spent <= 10 && spent > 8, "spent " + spent + " s of 10");
        assertNull(sweep.decisions().get("rand-read").recommendation());
    }
}
