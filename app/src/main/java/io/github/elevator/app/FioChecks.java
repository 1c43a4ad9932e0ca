package io.github.elevator.app;

import io.github.elevator.bench.FioComparison;
import io.github.elevator.bench.FioPlan;
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
 * asked, Elevator's and fio's turns of the same workload on the same scheduler in the same session,
 * alternating ({@link FioPlan}: E F E F …, in the time one run of each took), so that both meet the
 * same drift of a shared machine (fio runs in this process, with its rights; {@link FioCommand}).
 * The quick benchmark's runs are its turns; a comparison of schedulers checks, after its blocks,
 * each scheduler with turns of each workload in the time of {@link #SWEEP_SECONDS} per side.
 */
public final class FioChecks implements RunCheck {
    static final double SWEEP_SECONDS = 3;

    private final DeviceUnderTest device;
    private final double seconds;
    private final FioPlan plan;
    private final BenchmarkListener listener;
    private final Map<String, FioComparison> checked = new LinkedHashMap<>();

    /** {@code seconds}: the time of one run of each side that the turns of a workload take together. */
    public FioChecks(DeviceUnderTest device, double seconds, BenchmarkListener listener) {
        this.device = device;
        this.seconds = seconds;
        this.plan = FioPlan.within(seconds);
        this.listener = listener;
    }

    @Override
    public double secondsPerWorkload() {
        return plan.expectedSeconds();
    }

    /** Elevator's and fio's turns of {@code workload}, as the plan says; Elevator's turns as one run. */
    @Override
    public RunResult alternate(String workload, String scheduler, Turns turns)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        List<RunResult> ours = new ArrayList<>();
        List<FioComparison.Figures> theirs = new ArrayList<>();
        List<String> command = List.of();
        for (int pair = 0; pair < plan.pairs(); pair++) {
            turns.next(2 * pair, plan.turns(), Messages.text("app.fio.turn.elevator", workload, scheduler, pair + 1, plan.pairs()));
            ours.add(device.read(workload, plan.turnSeconds(), listener::sample));
            turns.next(2 * pair + 1, plan.turns(), Messages.text("app.fio.turn.fio", workload, scheduler, pair + 1, plan.pairs()));
            FioRun f = device.fio(workload, plan.turnSeconds());
            command = f.command();
            theirs.add(figures(f, workload));
        }
        RunResult elevator = RunResult.ofSlices(ours);
        FioComparison c = FioComparison.ofPairs(FioComparison.shown(command), theirs, ours);
        checked.put(key(workload, scheduler), c);
        listener.fioChecked(c, elevator);
        return elevator;
    }

    private static FioComparison.Figures figures(FioRun f, String workload) throws IOException {
        try {
            return FioComparison.Figures.ofReport(f.report(), workload);
        } catch (IllegalArgumentException unread) {
            throw new IOException(unread.getMessage(), unread);
        }
    }

    /** What {@link #afterSweep} takes for {@code schedulers} and {@code workloads}, for the time a comparison announces. */
    double afterSweepSeconds(Collection<String> slots, List<Workload> workloads) {
        long raw = workloads.stream().filter(w -> FioCommand.covers(w.id())).count();
        return new LinkedHashSet<>(slots).size() * raw * (plan.expectedSeconds() + SWITCH_SECONDS);
    }

    /** A switch, the kernel freezing the queue, and the helper's answer. */
    private static final double SWITCH_SECONDS = 0.1;

    /** After a comparison's blocks: on each scheduler of {@code slots}, the turns of each raw read workload. */
    void afterSweep(Collection<String> slots, List<Workload> workloads, Cancellation cancellation)
            throws IOException, InterruptedException, TimedRun.CancelledException {
        List<Workload> raw = workloads.stream().filter(w -> FioCommand.covers(w.id())).toList();
        List<String> schedulers = new ArrayList<>(new LinkedHashSet<>(slots));
        int checks = schedulers.size() * raw.size();
        int step = 0;
        for (String scheduler : schedulers) {
            device.switchTo(scheduler);
            for (Workload w : raw) {
                if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
                int before = step++;
                listener.reading(w.id());
                alternate(w.id(), scheduler, (turn, turns, doing) -> {
                    if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
                    double left = (checks - before - turn / (double) turns) * plan.expectedSeconds();
                    listener.progress(1, left, doing);
                });
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
