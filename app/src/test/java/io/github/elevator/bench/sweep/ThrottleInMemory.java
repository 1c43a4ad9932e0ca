package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A device behind a blkio throttle, in memory: every scheduler completes the same I/Os a second
 * per workload, in whole steps (a throttle lets 1 MiB reads out two at a time), and a switch
 * freezes the queue while the throttle's allowance goes on growing, so the slice after a switch
 * gets the held requests at once: between none and twice the freeze's worth, as measured on a
 * throttled loop device (9 % more reads on average in the 90 ms after a switch, up to twice the
 * limit). Equal by construction unless a scheduler is given a wider throttle ({@code speed}).
 */
final class ThrottleInMemory implements DeviceUnderTest {
    /** What the throttle lets through for one workload: I/Os a second, in steps of this many. */
    record Limit(double iops, int step) {
    }

    private final List<String> schedulers;
    private final Map<String, Limit> limits;
    private final Map<String, Double> speed;
    private final SplittableRandom random;
    private final ManualClock clock;
    private String current;
    private String loaded;
    /** The allowance not yet spent on a whole step, carried from slice to slice as the throttle carries it. */
    private double allowance;
    /** Seconds the queue was frozen since the last slice. */
    private double frozen;

    /** {@code speed}: each scheduler's throttle as a multiple of the limits (1 for all: equal by construction). */
    ThrottleInMemory(List<String> schedulers, Map<String, Limit> limits, Map<String, Double> speed, long seed, ManualClock clock) {
        this.schedulers = List.copyOf(schedulers);
        this.limits = Map.copyOf(limits);
        this.speed = Map.copyOf(speed);
        this.random = new SplittableRandom(seed);
        this.clock = clock;
        this.current = schedulers.get(0);
    }

    @Override
    public String name() {
        return "throttled0";
    }

    @Override
    public String originalScheduler() {
        return schedulers.get(0);
    }

    @Override
    public List<String> schedulers() {
        return schedulers;
    }

    @Override
    public String active() {
        return current;
    }

    @Override
    public void switchTo(String variant) {
        clock.advance(MemoryDevice.SWITCH_SECONDS);
        frozen += MemoryDevice.SWITCH_SECONDS;
        current = variant;
    }

    @Override
    public RunResult read(String workload, double seconds, Consumer<Sample> samples) throws IOException {
        throw new IOException("the throttled device runs raw reads as one load");
    }

    @Override
    public void load(String workload) {
        clock.advance(MemoryDevice.LOAD_SECONDS);
        loaded = workload;
        allowance = random.nextDouble() * limits.get(workload).step();
    }

    @Override
    public RunResult measure(double seconds) throws IOException {
        if (loaded == null) throw new IOException("no load is running");
        clock.advance(MemoryDevice.SETTLE_SECONDS + seconds);
        Limit limit = limits.get(loaded);
        allowance += limit.iops() * speed.get(current) * (seconds + frozen * 2 * random.nextDouble());
        frozen = 0;
        double done = limit.step() * Math.floor(allowance / limit.step());
        allowance -= done;
        double rate = done / seconds;
        double mib = rate * Workload.byId(loaded).orElseThrow().blockSize() / (1 << 20);
        return new RunResult(current, loaded, 0, seconds, rate, mib, 1e6 / Math.max(rate, 1), 2e6 / Math.max(rate, 1), 5, 0, 80, "memory");
    }

    @Override
    public FioRun fio(String workload, int seconds) throws IOException {
        throw new IOException("fio does not run in memory");
    }

    @Override
    public String finish() {
        loaded = null;
        current = schedulers.get(0);
        return current;
    }
}
