package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A device under test in memory: each scheduler reads at its given rate (IOPS) with seeded noise
 * (a relative standard deviation) and a CPU cost per I/O; time passes on a {@link ManualClock} as a
 * real device would spend it (the run's seconds, a switch, the start of a load). Every call is written
 * down ("switch kyber", "load rand-read", "measure on none"); a call after {@link #finish()} fails the
 * test, and the device can be made to fail at its n-th call. Where a real writer beside it needs
 * time to write (read-under-write), its measurements can take real time as well.
 */
final class MemoryDevice implements DeviceUnderTest {
    static final double SWITCH_SECONDS = 0.025;
    static final double LOAD_SECONDS = 0.1;
    static final double SETTLE_SECONDS = 0.01;

    /** How one scheduler reads on this device. */
    record Rate(double iops, double cpuUsPerIo) {
    }

    private final String original;
    private final Map<String, Rate> rates;
    private final double noise;
    private final SplittableRandom random;
    private final ManualClock clock;
    private final List<String> calls = new ArrayList<>();
    private String current;
    private String loaded;
    private int failAtCall = -1;
    private int pauseAtCall = -1;
    private double pauseSeconds;
    private int outsideAtCall = -1;
    private int outsideAfterCheckOf = -1;
    private String outsideTo;
    private int finishes;
    private long realNanosPerMeasure;
    private int measures;
    private int stallAtMeasure = -1;
    private long stallNanos;

    MemoryDevice(String original, Map<String, Rate> rates, double noise, long seed, ManualClock clock) {
        this.original = original;
        this.rates = rates;
        this.noise = noise;
        this.random = new SplittableRandom(seed);
        this.clock = clock;
        this.current = original;
    }

    /** The {@code n}-th call from now on (switch, load, measure, read; counted from 1) throws an IOException. */
    MemoryDevice failingAtCall(int n) {
        failAtCall = calls.size() + n;
        return this;
    }

    /** The {@code n}-th call from now on (a measurement or a switch) lasts {@code seconds} longer, as when the app is stopped and continued. */
    MemoryDevice pausedAtCall(int n, double seconds) {
        pauseAtCall = calls.size() + n;
        pauseSeconds = seconds;
        return this;
    }

    /** During the {@code n}-th call from now on that measures, another program switches the device to {@code scheduler}. */
    /** Another program switches the device to {@code scheduler} right after the sweep has checked the slot of call {@code n} (a measure). */
    MemoryDevice switchedOutsideAfterTheCheckOfCall(int n, String scheduler) {
        outsideAfterCheckOf = calls.size() + n;
        outsideTo = scheduler;
        return this;
    }

    MemoryDevice switchedOutsideAtCall(int n, String scheduler) {
        outsideAtCall = calls.size() + n;
        outsideTo = scheduler;
        return this;
    }

    /** Every measurement also takes {@code seconds} of real time. */
    MemoryDevice takingRealTime(double seconds) {
        realNanosPerMeasure = Math.round(seconds * 1e9);
        return this;
    }

    /** The {@code n}-th measurement from now on (counted from 1) takes {@code seconds} more of real time, the clock unmoved. */
    MemoryDevice stallingAtMeasure(int n, double seconds) {
        stallAtMeasure = measures + n;
        stallNanos = Math.round(seconds * 1e9);
        return this;
    }

    List<String> calls() {
        return calls;
    }

    int finishes() {
        return finishes;
    }

    String current() {
        return current;
    }

    @Override
    public String name() {
        return "mem0";
    }

    @Override
    public String originalScheduler() {
        return original;
    }

    @Override
    public List<String> schedulers() {
        return List.copyOf(rates.keySet());
    }

    /** Not a call: reading the scheduler file asks nothing of the device. */
    @Override
    public String active() {
        if (calls.size() == outsideAfterCheckOf) {
            outsideAfterCheckOf = -1;
            String checked = current;
            current = outsideTo;
            return checked;
        }
        return current;
    }

    @Override
    public void switchTo(String variant) throws IOException {
        call("switch " + variant);
        if (!rates.containsKey(variant)) throw new IOException("mem0 does not offer " + variant);
        clock.advance(SWITCH_SECONDS + (calls.size() == pauseAtCall ? pauseSeconds : 0));
        current = variant;
    }

    @Override
    public RunResult read(String workload, double seconds, Consumer<Sample> samples) throws IOException {
        call("read " + workload + " on " + current);
        loaded = null;
        return run(workload, seconds);
    }

    @Override
    public void load(String workload) throws IOException {
        call("load " + workload);
        clock.advance(LOAD_SECONDS);
        loaded = workload;
    }

    @Override
    public RunResult measure(double seconds) throws IOException {
        call("measure on " + current);
        if (loaded == null) throw new IOException("no load is running");
        measures++;
        sleep(realNanosPerMeasure + (measures == stallAtMeasure ? stallNanos : 0));
        clock.advance(SETTLE_SECONDS);
        return run(loaded, seconds);
    }

    @Override
    public FioRun fio(String workload, int seconds) throws IOException {
        call("fio " + workload);
        throw new IOException("fio does not run in memory");
    }

    @Override
    public String finish() {
        if (finishes++ > 0) throw new AssertionError("finished twice: " + calls);
        calls.add("finish");
        loaded = null;
        current = original;
        return original;
    }

    private static void sleep(long nanos) throws IOException {
        if (nanos <= 0) return;
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private void call(String line) throws IOException {
        if (finishes > 0) throw new AssertionError(line + " after the finish: " + calls);
        calls.add(line);
        if (calls.size() == failAtCall) throw new IOException("mem0 failed at " + line);
    }

    private RunResult run(String workload, double seconds) {
        if (calls.size() == pauseAtCall) seconds += pauseSeconds;
        if (calls.size() == outsideAtCall) current = outsideTo;
        clock.advance(seconds);
        Rate rate = rates.get(current);
        double iops = rate.iops() * Math.max(0.05, 1 + noise * random.nextGaussian());
        return new RunResult(current, workload, 0, seconds, iops, iops * 4096 / (1 << 20), 1e6 / iops, 2e6 / iops, 5, 0,
                rate.cpuUsPerIo(), "memory");
    }
}
