package io.github.elevator.app;

import io.github.elevator.bench.FioCommand;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.sweep.DeviceUnderTest;
import io.github.elevator.bench.sweep.FioRun;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A device whose speed drifts, as a shared machine's does: every second of reading, by Elevator or
 * by fio, it gets {@code drift} slower (a fraction of its first rate). Elevator reads {@code share} of
 * what fio reads at the same moment. fio's runs answer with a report in fio's own JSON, so the check
 * reads them as it reads fio's. Each call is written down: "E seq-read", "F seq-read", "switch none".
 */
public final class TurnsDevice implements DeviceUnderTest {
    private final double iops;
    private final double share;
    private final double drift;
    private final List<String> calls = new ArrayList<>();
    private String current = "none";
    private double seconds;

    public TurnsDevice(double iops, double share, double drift) {
        this.iops = iops;
        this.share = share;
        this.drift = drift;
    }

    public List<String> calls() {
        return calls;
    }

    @Override
    public String name() {
        return "loop7";
    }

    @Override
    public String originalScheduler() {
        return "none";
    }

    @Override
    public List<String> schedulers() {
        return List.of("none", "kyber");
    }

    @Override
    public void switchTo(String variant) {
        calls.add("switch " + variant);
        current = variant;
    }

    @Override
    public RunResult read(String workload, double length, Consumer<Sample> samples) {
        calls.add("E " + workload);
        double rate = rateFor(length) * share;
        for (double t = 0.25; t <= length; t += 0.25) {
            samples.accept(new Sample(current, workload, 0, t, rate, rate * 4096 / (1 << 20), 100, 200, 5, 0, 0, 1));
        }
        return new RunResult(current, workload, 0, length, rate, rate * 4096 / (1 << 20), 100, 200, 5, 0, 2, "test");
    }

    @Override
    public void load(String workload) {
        throw new UnsupportedOperationException("the check reads in timed runs");
    }

    @Override
    public RunResult measure(double length) {
        throw new UnsupportedOperationException("the check reads in timed runs");
    }

    @Override
    public FioRun fio(String workload, int length) {
        calls.add("F " + workload);
        double rate = rateFor(length);
        String report = "{\"jobs\": [{\"jobname\": \"" + workload + "\", \"error\": 0, \"read\": {\"io_kbytes\": " + (long) (rate * 4 * length)
                + ", \"runtime\": " + length * 1000 + ", \"iops\": " + rate + ", \"bw\": " + rate * 4
                + ", \"lat_ns\": {\"percentile\": {\"99.000000\": 250000}}}}]}";
        return new FioRun(FioCommand.argv(workload, name(), length), report);
    }

    /** The rate over the next {@code length} seconds, the device slowing down meanwhile. */
    private double rateFor(double length) {
        double middle = seconds + length / 2;
        seconds += length;
        return iops * Math.max(0.05, 1 - drift * middle);
    }

    @Override
    public String finish() {
        calls.add("finish");
        return "none";
    }
}
