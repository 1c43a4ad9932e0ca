package io.github.elevator.app;

import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.protocol.Printable;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;

import java.util.List;

/**
 * What to benchmark: one device; its current scheduler, all (or the chosen) schedulers, or a noise
 * check; which workloads; the time budget of the whole run; the margin within which two schedulers
 * count as equal; whether fio runs beside Elevator on each raw read workload ({@link FioChecks});
 * the sweep it continues ("Measure longer"; null for a new one), whose slots and blocks it keeps.
 */
public record BenchmarkRequest(String device, BenchmarkMode mode, List<String> schedulers, List<Workload> workloads,
                               int budgetSeconds, double margin, boolean checkWithFio, BenchmarkReport continuing) {
    public static final int DEFAULT_BUDGET = 60;
    public static final int MIN_BUDGET = 10;
    public static final int MAX_BUDGET = 1800;
    public static final double DEFAULT_MARGIN = 0.03;
    public static final double MIN_MARGIN = 0.005;
    public static final double MAX_MARGIN = 0.5;

    public BenchmarkRequest {
        schedulers = List.copyOf(schedulers);
        workloads = List.copyOf(workloads);
        if (workloads.isEmpty()) throw new IllegalArgumentException(Messages.text("app.request.no-workload"));
        if (budgetSeconds < MIN_BUDGET || budgetSeconds > MAX_BUDGET) {
            throw new IllegalArgumentException(Messages.text("app.request.budget", MIN_BUDGET, MAX_BUDGET));
        }
        if (!(margin >= MIN_MARGIN && margin <= MAX_MARGIN)) {
            throw new IllegalArgumentException(Messages.text("app.request.margin"));
        }
        if (schedulers.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException(Messages.text("app.request.empty-scheduler"));
        }
        if (mode != BenchmarkMode.ALL && !schedulers.isEmpty()) {
            throw new IllegalArgumentException(Messages.text("app.request.schedulers-with-all"));
        }
        // what the list alone says is wrong is wrong on any device: a bad command line, not a failed benchmark
        java.util.Set<String> named = new java.util.HashSet<>();
        for (String s : schedulers) {
            String text;
            try {
                text = SchedulerVariants.parse(s).text();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(Messages.text("app.benchmark.bad-variant", Printable.quoted(s), e.getMessage()), e);
            }
            if (!named.add(text)) throw new IllegalArgumentException(Messages.text("app.benchmark.named-twice", Printable.quoted(text)));
        }
        if (schedulers.size() == 1) throw new IllegalArgumentException(Messages.text("app.benchmark.two-schedulers"));
    }

    public BenchmarkRequest(String device, BenchmarkMode mode, List<String> schedulers, List<Workload> workloads, int budgetSeconds,
                            double margin) {
        this(device, mode, schedulers, workloads, budgetSeconds, margin, false);
    }

    public BenchmarkRequest(String device, BenchmarkMode mode, List<String> schedulers, List<Workload> workloads, int budgetSeconds,
                            double margin, boolean checkWithFio) {
        this(device, mode, schedulers, workloads, budgetSeconds, margin, checkWithFio, null);
    }

    /** The same request, with or without the check with fio. */
    public BenchmarkRequest withFio(boolean fio) {
        return new BenchmarkRequest(device, mode, schedulers, workloads, budgetSeconds, margin, fio, continuing);
    }

    /**
     * "Measure longer": the sweep of {@code earlier} continued for about {@code seconds} (within the
     * budget's range), on its device, slots, workloads and margin, its blocks kept.
     */
    public static BenchmarkRequest continuing(BenchmarkReport earlier, double seconds) {
        List<Workload> workloads = earlier.decisions().keySet().stream().map(Workload::byId).flatMap(java.util.Optional::stream).toList();
        double margin = earlier.decisions().values().stream().mapToDouble(d -> d.margin()).findFirst().orElse(DEFAULT_MARGIN);
        int budget = (int) Math.max(MIN_BUDGET, Math.min(MAX_BUDGET, Math.ceil(seconds)));
        return new BenchmarkRequest(earlier.device(), BenchmarkMode.ALL, List.of(), workloads, budget, margin, false, earlier);
    }

    /** The default: the three raw workloads, 60 s in all, equal within 3 %. */
    public static BenchmarkRequest defaults(String device, BenchmarkMode mode) {
        return new BenchmarkRequest(device, mode, List.of(), Workload.DEFAULTS,
                mode == BenchmarkMode.CURRENT ? 15 : DEFAULT_BUDGET, DEFAULT_MARGIN);
    }
}
