package io.github.elevator.app;

import io.github.elevator.bench.Workload;

import java.util.List;

/**
 * What to benchmark: one device, which schedulers (empty: all it offers), which workloads, the
 * time budget of the whole sweep and the equivalence margin (a fraction).
 */
public record BenchmarkRequest(String device, BenchmarkMode mode, List<String> schedulers, List<Workload> workloads,
                               int budgetSeconds, double margin) {
    public static final int DEFAULT_BUDGET_SECONDS = 60;
    public static final double DEFAULT_MARGIN = 0.03;

    public BenchmarkRequest {
        schedulers = List.copyOf(schedulers);
        workloads = List.copyOf(workloads);
        if (workloads.isEmpty()) throw new IllegalArgumentException("choose at least one workload");
        if (budgetSeconds < 10 || budgetSeconds > 1800) throw new IllegalArgumentException("the budget must be between 10 and 1800 seconds");
        if (!(margin >= 0.005 && margin <= 0.5)) throw new IllegalArgumentException("the margin must be between 0.5 % and 50 %");
    }

    public static BenchmarkRequest defaults(String device, BenchmarkMode mode) {
        return new BenchmarkRequest(device, mode, List.of(), Workload.DEFAULTS, DEFAULT_BUDGET_SECONDS, DEFAULT_MARGIN);
    }

    /** Stand-in until the blocked design lands: the old helper's fixed repeats, sized to fit the budget roughly. */
    List<String> helperArgs() {
        int repeats = mode == BenchmarkMode.CURRENT ? 1 : Math.max(1, Math.min(20, budgetSeconds / (workloads.size() * 4 * 2)));
        return List.of("sweep", device, mode == BenchmarkMode.CURRENT ? "current" : "all",
                String.join(",", workloads.stream().map(Workload::id).toList()), "1", Integer.toString(repeats));
    }
}
