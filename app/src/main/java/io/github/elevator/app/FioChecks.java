package io.github.elevator.app;

import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.DeviceUnderTest;
import io.github.elevator.bench.sweep.FioRun;
import io.github.elevator.bench.sweep.RunCheck;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * fio beside Elevator in a benchmark session: every raw read workload's fio command, and, when
 * asked, fio's run right after Elevator's own run of the same workload on the same scheduler in
 * the same session (fio runs in this process, with its rights; {@link FioCommand}). The quick benchmark checks
 * each of its runs; a comparison of schedulers checks, after its blocks, each scheduler with one
 * more run of Elevator's and one of fio's per workload ({@link #SWEEP_SECONDS} each).
 */
final class FioChecks implements RunCheck {
    static final double SWEEP_SECONDS = 3;

    private final DeviceUnderTest device;
    private final double seconds;
    private final BenchmarkListener listener;
    private final Map<String, FioComparison> checked = new LinkedHashMap<>();

    FioChecks(DeviceUnderTest device, double seconds, BenchmarkListener listener) {
        this.device = device;
        this.seconds = seconds;
        this.listener = listener;
    }

    /** fio's run right after Elevator's run {@code elevator}, on its scheduler, as long as it. */
    @Override
    public void after(RunResult elevator) throws IOException, InterruptedException {
        if (!FioCommand.covers(elevator.workload())) return;
        FioRun f = device.fio(elevator.workload(), FioComparison.seconds(elevator.seconds()));
        FioComparison.Figures figures;
        try {
            figures = FioComparison.Figures.ofReport(f.report(), elevator.workload());
        } catch (IllegalArgumentException unread) {
            throw new IOException(unread.getMessage(), unread);
        }
        FioComparison c = FioComparison.of(FioComparison.shown(f.command()), figures, elevator);
        checked.put(key(elevator.workload(), elevator.scheduler()), c);
        listener.fioChecked(c, elevator);
    }

    /** After a comparison's blocks: on each scheduler of {@code slots}, Elevator's run and fio's of each raw read workload. */
    void afterSweep(Collection<String> slots, List<Workload> workloads, Cancellation cancellation)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        List<Workload> raw = workloads.stream().filter(w -> FioCommand.covers(w.id())).toList();
        List<String> schedulers = new ArrayList<>(new LinkedHashSet<>(slots));
        int step = 0;
        for (String scheduler : schedulers) {
            device.switchTo(scheduler);
            for (Workload w : raw) {
                if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
                int left = schedulers.size() * raw.size() - step++;
                listener.progress(1, left * 2 * (SWEEP_SECONDS + 0.3), Messages.text("app.fio.progress", w.id(), scheduler));
                RunResult r = device.read(w.id(), SWEEP_SECONDS, listener::sample);
                after(r);
            }
        }
    }

    /** For the report: the check of {@code workload} under {@code scheduler}, else its command alone; null without a fio check. */
    FioComparison of(String workload, String scheduler) {
        FioComparison c = checked.get(key(workload, scheduler));
        if (c != null) return c;
        if (!FioCommand.covers(workload)) return null;
        try {
            return FioComparison.commandOnly(FioComparison.shown(FioCommand.argv(workload, device.name(), FioComparison.seconds(seconds))));
        } catch (IllegalArgumentException noCommand) {
            return null; // a device name fio's table does not take: no command to show
        }
    }

    private static String key(String workload, String scheduler) {
        return workload + "\n" + scheduler;
    }
}
