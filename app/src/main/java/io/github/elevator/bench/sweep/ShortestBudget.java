package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairedAnalysis;

import java.util.List;

/**
 * The shortest budget in which a sweep reaches {@link PairedAnalysis#MIN_BLOCKS} blocks, the fewest
 * on which a pair can be judged at all: with less, every workload can only end "too few blocks".
 * A block costs what the sweep itself plans for it at that budget's run and slice lengths (which
 * stop shrinking at their floor, so a block never gets cheaper than that); the sweep starts another
 * block only while one more fits. A write workload counts with the time it is given, before its work
 * is sized.
 */
public final class ShortestBudget {
    private ShortestBudget() {
    }

    /** Whole seconds: the least budget whose planned blocks fit {@link PairedAnalysis#MIN_BLOCKS} times. */
    public static int seconds(int slots, List<Workload> workloads) {
        if (slots < 1 || workloads.isEmpty()) throw new IllegalArgumentException("slots " + slots + ", workloads " + workloads);
        int budget = 1;
        while (PairedAnalysis.MIN_BLOCKS * blockSeconds(budget, slots, workloads) > budget) budget++;
        return budget;
    }

    /** One block of every workload under every slot, as the sweep plans it for {@code budgetSeconds}. */
    static double blockSeconds(int budgetSeconds, int slots, List<Workload> workloads) {
        double run = Sweep.runSeconds(budgetSeconds, slots, workloads.size());
        double slice = Sweep.sliceSeconds(budgetSeconds, slots, workloads.size());
        double sum = 0;
        for (Workload w : workloads) {
            sum += w.raw() ? Sweep.LOAD_OVERHEAD_SECONDS + slots * Sweep.SLICE_ROUNDS * (slice + Sweep.SLICE_OVERHEAD_SECONDS)
                    : Sweep.writeBlockCost(slots, run, null);
        }
        return sum;
    }
}
