package io.github.elevator.app;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.QuickRun;

import java.util.List;
import java.util.Optional;

/**
 * The quick benchmark: the three figures people know from KDiskMark and GNOME Disks (sequential
 * 1 MiB reads, 4 KiB random reads at queue depth 1 and 32), one timed run each on the scheduler the
 * device uses now ({@link QuickRun}). A fixed length, never the sweep's budget: the three and the
 * helper's start stay within 20 s.
 */
public final class QuickBenchmark {
    public static final List<Workload> WORKLOADS = List.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32);
    /** What the whole quick benchmark is expected to take, for its progress: the runs, their warm-ups, the helper's start. */
    public static final double EXPECTED_SECONDS = expectedSeconds(null);

    /** The same, where {@code check} (or null) takes turns with Elevator's reads of each workload. */
    static double expectedSeconds(io.github.elevator.bench.sweep.RunCheck check) {
        return WORKLOADS.size() * (check == null ? QuickRun.SECONDS_PER_WORKLOAD + 0.2 : check.secondsPerWorkload()) + 1.5;
    }

    private QuickBenchmark() {
    }

    /** A request the quick benchmark answers: the current scheduler alone, on raw reads only. */
    static boolean answers(BenchmarkRequest request) {
        return request.mode() == BenchmarkMode.CURRENT && request.workloads().stream().allMatch(Workload::raw);
    }

    /** A report of a quick benchmark, as the report says. */
    public static boolean isQuick(BenchmarkReport r) {
        return r != null && r.mode() == ReportMode.QUICK;
    }

    /** The device's quick benchmark before {@code now}, from {@code history} (newest first); empty when there is none. */
    public static Optional<BenchmarkReport> previous(List<BenchmarkReport> history, BenchmarkReport now) {
        return history.stream()
                .filter(r -> isQuick(r) && r.device().equals(now.device()) && r.finishedAt().compareTo(now.finishedAt()) < 0)
                .findFirst();
    }
}
