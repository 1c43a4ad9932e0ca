package io.github.elevator.bench.sweep;

import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.SampleSpread;
import io.github.elevator.bench.Statistics;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The quick benchmark's runs: one timed run per workload on the scheduler the device is on, each
 * {@link #SECONDS_PER_WORKLOAD} measured after a short warm-up, a fixed length rather than a budget;
 * with a check, each workload's run is Elevator's turns alternating with the check's instead. Other
 * programs' load is watched over Elevator's own runs,
 * and each run's ranked figure keeps its spread over the run's live samples, so that a change against
 * the previous quick benchmark can be weighed against the noise of both.
 */
public final class QuickRun implements Job {
    public static final double SECONDS_PER_WORKLOAD = 5;

    private final DeviceUnderTest device;
    private final List<Workload> workloads;
    private final BenchmarkListener listener;
    private final Cancellation cancellation;
    private final RunCheck check;
    private final LongSupplier clock;
    private final OtherPrograms others;
    private final List<RunResult> runs = new ArrayList<>();
    private final Map<String, Statistics.Summary> spreads = new LinkedHashMap<>();
    private OtherLoad otherLoad;

    /** {@code check}: takes turns with Elevator's reads, or null; {@code clock}: nanoseconds, for the time the progress says is left. */
    public QuickRun(DeviceUnderTest device, List<Workload> workloads, BenchmarkListener listener, Cancellation cancellation,
                    RunCheck check, LongSupplier clock) {
        this(device, workloads, listener, cancellation, check, clock, OtherPrograms.UNWATCHED);
    }

    /** The same, with other programs' load watched over the runs by {@code others}. */
    public QuickRun(DeviceUnderTest device, List<Workload> workloads, BenchmarkListener listener, Cancellation cancellation,
                    RunCheck check, LongSupplier clock, OtherPrograms others) {
        this.others = others;
        this.device = device;
        this.workloads = List.copyOf(workloads);
        this.listener = listener;
        this.cancellation = cancellation;
        this.check = check;
        this.clock = clock;
    }

    /** One timed run per workload on the device's current scheduler (with a check: the check's turns); live samples go to the listener. */
    @Override
    public void run() throws IOException, InterruptedException, TimedRun.CancelledException {
        String scheduler = device.originalScheduler();
        OtherPrograms.Watch watch = others.watch();
        Budget budget = Budget.of((int) Math.ceil(workloads.size() * (check == null ? SECONDS_PER_WORKLOAD : check.secondsPerWorkload())), clock);
        for (int i = 0; i < workloads.size(); i++) {
            if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
            Workload w = workloads.get(i);
            int done = i;
            listener.reading(w.id());
            List<Sample> samples = new ArrayList<>();
            RunResult r;
            watch.slotsBegin();
            if (check == null) {
                listener.progress(i / (double) workloads.size(), budget.left(),
                        Messages.text("app.quick.progress", w.id(), scheduler, i + 1, workloads.size()));
                r = SlotCheck.whole(device.read(w.id(), SECONDS_PER_WORKLOAD, s -> {
                    samples.add(s);
                    listener.sample(s);
                }), SECONDS_PER_WORKLOAD);
            } else {
                // fio is a child Elevator waits for, so its CPU counts as Elevator's own, not another program's.
                r = check.alternate(w.id(), scheduler, (turn, turns, doing) -> {
                    if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
                    listener.progress((done + turn / (double) turns) / workloads.size(), budget.left(), doing);
                });
            }
            watch.slotsEnd();
            runs.add(r);
            if (!samples.isEmpty()) spreads.put(w.id(), SampleSpread.of(samples, w.rankedBy()));
            listener.run(r);
        }
        otherLoad = watch.stop();
        if (cancellation.isCancelled()) throw new TimedRun.CancelledException();
    }

    /** What other programs used during the runs; null before they ran or when not watched. */
    public OtherLoad otherLoad() {
        return otherLoad;
    }

    /** Per workload, the mean and 95 % interval of its ranked figure over the run's live samples. */
    public Map<String, Statistics.Summary> spreads() {
        return spreads;
    }

    /** The runs made, in the order of the workloads. */
    public List<RunResult> runs() {
        return runs;
    }
}
