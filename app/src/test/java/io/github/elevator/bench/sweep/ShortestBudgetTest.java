package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.sweep.MemoryDevice.Rate;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shortest budget that can answer: the sweep's own plan fits the fewest blocks a pair is judged on there, and not a second earlier. */
class ShortestBudgetTest {
    private static final List<List<Workload>> PLANS = List.of(List.of(Workload.RAND_READ), Workload.DEFAULTS,
            List.of(Workload.SEQ_READ, Workload.SMALL_FILES), List.of(Workload.RAND_READ, Workload.READ_UNDER_WRITE, Workload.SMALL_FILES));

    @Test
    void theShortestBudgetIsTheFirstWhosePlannedBlocksFit() {
        for (int slots = 2; slots <= 8; slots++) {
            for (List<Workload> workloads : PLANS) {
                int shortest = ShortestBudget.seconds(slots, workloads);
                assertTrue(PairedAnalysis.MIN_BLOCKS * ShortestBudget.blockSeconds(shortest, slots, workloads) <= shortest,
                        slots + " slots, " + workloads + ": " + shortest + " s holds the blocks");
                assertTrue(PairedAnalysis.MIN_BLOCKS * ShortestBudget.blockSeconds(shortest - 1, slots, workloads) > shortest - 1,
                        slots + " slots, " + workloads + ": " + (shortest - 1) + " s does not");
            }
        }
    }

    @Test
    void moreSlotsOrMoreWorkloadsNeverNeedLess() {
        for (List<Workload> workloads : PLANS) {
            for (int slots = 2; slots < 8; slots++) {
                assertTrue(ShortestBudget.seconds(slots + 1, workloads) >= ShortestBudget.seconds(slots, workloads), workloads + " at " + slots);
            }
        }
        assertTrue(ShortestBudget.seconds(4, Workload.DEFAULTS) > ShortestBudget.seconds(4, List.of(Workload.RAND_READ)));
    }

    @Test
    void aSweepGivenTheShortestBudgetJudgesAndOneGivenLessCannot() throws Exception {
        List<Workload> workloads = Workload.DEFAULTS;
        int shortest = ShortestBudget.seconds(4, workloads);
        Map<String, WorkloadDecision> enough = sweep(shortest, workloads).decisions();
        for (WorkloadDecision d : enough.values()) {
            assertTrue(d.blocks() >= PairedAnalysis.MIN_BLOCKS, d.workload() + " had " + d.blocks() + " blocks in " + shortest + " s");
            assertTrue(d.reason() != Reason.TOO_FEW, d.workload() + " judged in " + shortest + " s");
        }
        int tooShort = (int) Math.floor(2 * ShortestBudget.blockSeconds(shortest, 4, workloads));
        for (WorkloadDecision d : sweep(tooShort, workloads).decisions().values()) {
            assertEquals(Reason.TOO_FEW, d.reason(), d.workload() + " in " + tooShort + " s");
        }
    }

    private static Sweep sweep(int budgetSeconds, List<Workload> workloads) throws Exception {
        ManualClock clock = new ManualClock(42_000_000_000L);
        Map<String, Rate> rates = new LinkedHashMap<>();
        for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) rates.put(s, new Rate(s.equals("none") ? 600 : 300, 4));
        MemoryDevice device = new MemoryDevice("mq-deadline", rates, 0.02, 7, clock);
        Map<String, String> slots = new LinkedHashMap<>();
        for (String s : device.schedulers()) slots.put(s, s);
        Sweep sweep = new Sweep(device, new SweepPlan(slots, workloads, 0.03, false, Preference.NONE), Budget.of(budgetSeconds, clock), null,
                OtherPrograms.UNWATCHED, new BenchmarkListener() {
                }, new Cancellation());
        Ending.of(device, sweep);
        return sweep;
    }
}
