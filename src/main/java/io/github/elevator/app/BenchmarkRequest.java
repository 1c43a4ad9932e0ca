package io.github.elevator.app;

import io.github.elevator.bench.Workload;

import java.util.List;

/** What to benchmark: one device, its current scheduler or all of them, which workloads, how long. */
public record BenchmarkRequest(String device, boolean allSchedulers, List<Workload> workloads, int seconds, int repeats) {

    public BenchmarkRequest {
        workloads = List.copyOf(workloads);
        if (workloads.isEmpty()) throw new IllegalArgumentException("choose at least one workload");
        if (seconds < 1 || seconds > 120) throw new IllegalArgumentException("seconds must be between 1 and 120");
        if (repeats < 1 || repeats > 20) throw new IllegalArgumentException("repeats must be between 1 and 20");
    }

    /** The default: the three raw workloads, 1 s each, 3 repeats (about 45 s for four schedulers). */
    public static BenchmarkRequest defaults(String device, boolean allSchedulers) {
        return new BenchmarkRequest(device, allSchedulers, Workload.DEFAULTS, 1, allSchedulers ? 3 : 1);
    }

    List<String> helperArgs() {
        return List.of("sweep", device, allSchedulers ? "all" : "current",
                String.join(",", workloads.stream().map(Workload::id).toList()),
                Integer.toString(seconds), Integer.toString(repeats));
    }
}
