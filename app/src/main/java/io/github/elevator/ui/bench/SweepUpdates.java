package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.text.Messages;

import java.util.List;
import java.util.function.Consumer;

/**
 * The sweep's events as updates of its device's {@link DeviceBench}: made on the benchmark's
 * thread, handed over as the task's updates, applied on the UI thread.
 */
final class SweepUpdates implements BenchmarkListener {
    private final Consumer<Consumer<DeviceBench>> post;

    SweepUpdates(Consumer<Consumer<DeviceBench>> post) {
        this.post = post;
    }

    @Override
    public void started(String originalScheduler, List<String> schedulers, double budget) {
        String list = String.join(", ", schedulers);
        post.accept(s -> s.say(s.mode == BenchmarkMode.CURRENT
                ? Messages.text("ui.bench.started.quick", list, s.device, originalScheduler)
                : Messages.text("ui.bench.started", list, s.device, originalScheduler), null));
    }

    @Override
    public void progress(double fraction, double secondsLeft, String doing) {
        post.accept(s -> s.progress(fraction, secondsLeft, doing));
    }

    @Override
    public void reading(String workload) {
        post.accept(s -> s.reading(workload));
    }

    @Override
    public void sample(Sample sample) {
        long now = System.nanoTime();
        post.accept(s -> s.sample(sample, valueOf(sample), now));
    }

    @Override
    public void run(RunResult result) {
        post.accept(s -> s.runs.add(result));
    }

    @Override
    public void decided(String workload, WorkloadDecision decision) {
        post.accept(s -> s.decided(workload, decision));
    }

    @Override
    public void skipped(String workload, String reason) {
        post.accept(s -> s.skipped.put(workload, reason));
    }

    @Override
    public void notSaved(String sentence) {
        post.accept(s -> s.notSaved = sentence);
    }

    /** A sample's value in its workload's own unit. */
    static double valueOf(Sample s) {
        Metric m = Workload.byId(s.workload()).map(Workload::rankedBy).orElse(Metric.IOPS);
        return switch (m) {
            case IOPS -> s.iops();
            case MIBPS -> s.mibps();
            case LAT_P50 -> s.latP50us();
            case LAT_P99 -> s.latP99us();
            case SYS_PCT -> s.sysPct();
            case CPU_PER_IO -> Double.NaN; // known per run, not per sample; no workload is ranked by it
            case START_MS -> s.latP50us() > 0 ? s.latP50us() / 1000 : Double.NaN; // no start ended in this sample
        };
    }
}
