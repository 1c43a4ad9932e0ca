package io.github.elevator.app;

import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.privilege.HelperSession;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The quick benchmark: the three figures people know from KDiskMark and GNOME Disks (sequential
 * 1 MiB reads, 4 KiB random reads at queue depth 1 and 32), one timed run each on the scheduler the
 * device uses now. A fixed length, never the sweep's budget: {@link #SECONDS_PER_WORKLOAD} measured
 * after a short warm-up each, so the three and the helper's start stay within 20 s.
 */
public final class QuickBenchmark {
    public static final List<Workload> WORKLOADS = List.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32);
    public static final double SECONDS_PER_WORKLOAD = 5;
    /** What the whole quick benchmark is expected to take, for its progress: the runs, their warm-ups, the helper's start. */
    public static final double EXPECTED_SECONDS = WORKLOADS.size() * (SECONDS_PER_WORKLOAD + 0.2) + 1.5;

    private final HelperSession session;
    private final BenchmarkListener listener;
    private final Cancellation cancellation;
    private final FioChecks fio;

    /** {@code fio}: checks each run with fio right after it, or null. */
    QuickBenchmark(HelperSession session, BenchmarkListener listener, Cancellation cancellation, FioChecks fio) {
        this.session = session;
        this.listener = listener;
        this.cancellation = cancellation;
        this.fio = fio;
    }

    /** A request the quick benchmark answers: the current scheduler alone, on raw reads only. */
    static boolean answers(BenchmarkRequest request) {
        return request.mode() == BenchmarkMode.CURRENT && request.workloads().stream().allMatch(Workload::raw);
    }

    /** One timed run per workload on {@code scheduler}, the device's current one; live samples go to the listener. */
    List<RunResult> run(List<Workload> workloads, String scheduler)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        List<RunResult> runs = new ArrayList<>();
        long start = System.nanoTime();
        double total = workloads.size() * SECONDS_PER_WORKLOAD * (fio == null ? 1 : 2);
        for (int i = 0; i < workloads.size(); i++) {
            if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
            Workload w = workloads.get(i);
            double elapsed = (System.nanoTime() - start) / 1e9;
            listener.progress(i / (double) workloads.size(), Math.max(0, total - elapsed),
                    Messages.text("app.quick.progress", w.id(), scheduler, i + 1, workloads.size()));
            RunResult r = session.read(w.id(), SECONDS_PER_WORKLOAD, listener::sample);
            runs.add(r);
            listener.run(r);
            if (fio != null && !cancellation.isCancelled()) {
                listener.progress((i + 0.5) / workloads.size(), Math.max(0, total - (System.nanoTime() - start) / 1e9),
                        Messages.text("app.fio.progress", w.id(), scheduler));
                fio.after(r);
            }
        }
        if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
        return runs;
    }

    /** A report of a quick benchmark: runs of one scheduler, no blocks and no comparison. */
    public static boolean isQuick(BenchmarkReport r) {
        return r != null && r.blocks() == 0 && (r.decisions() == null || r.decisions().isEmpty()) && r.runs() != null
                && !r.runs().isEmpty() && r.runs().stream().map(RunResult::scheduler).distinct().count() == 1;
    }

    /** The device's quick benchmark before {@code now}, from {@code history} (newest first); empty when there is none. */
    public static Optional<BenchmarkReport> previous(List<BenchmarkReport> history, BenchmarkReport now) {
        return history.stream()
                .filter(r -> isQuick(r) && r.device().equals(now.device()) && r.finishedAt().compareTo(now.finishedAt()) < 0)
                .findFirst();
    }
}
