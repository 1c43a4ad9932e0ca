package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Observation;
import io.github.elevator.bench.design.PairedAnalysis;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A benchmark service for tests: plays a blocked sweep with the events and report shapes of the
 * real one (samples, runs, a decision after every block, skipped workloads, schedulers decided
 * behind no longer run), on made-up but consistent figures judged by the real design
 * ({@link PairedAnalysis}, the report's own {@link BenchmarkReport#of}). Each scheduler has a true
 * level per workload; runs drift by block the way a machine does, the same for every scheduler in
 * a block, and each run has its own lognormal noise. Deterministic (seeded).
 */
final class SimulatedSweep implements Benchmarks {
    /** Per workload id, per scheduler, the true level in the workload's unit. */
    private final Map<String, Map<String, Double>> levels = new LinkedHashMap<>();
    private final Map<String, String> skip = new LinkedHashMap<>();
    private String original = "mq-deadline";
    private int blocks = 6;
    /** Sigma of each run's lognormal noise (0.02 for about 2 %). */
    private double noise = 0.02;
    private CountDownLatch pauseAfterFirstBlock;
    private CountDownLatch paused;
    private Consumer<BenchmarkRequest> onRequest = r -> { };
    private long sampleMillis;
    private OtherLoad otherLoad = new OtherLoad(0.05, 2, 0.0);
    private io.github.elevator.app.BenchmarkHistory history;
    private String finishedAt = "2026-05-04T10:15:30Z";
    private double quickScale = 1;
    private boolean sameCpu;
    final List<BenchmarkRequest> requests = new ArrayList<>();

    SimulatedSweep level(String workload, String scheduler, double value) {
        levels.computeIfAbsent(workload, w -> new LinkedHashMap<>()).put(scheduler, value);
        return this;
    }

    /** The four schedulers of a loop device on the three default workloads: none ahead at QD32, all equal elsewhere. */
    static SimulatedSweep typical() {
        SimulatedSweep s = new SimulatedSweep();
        for (String sched : List.of("none", "mq-deadline", "kyber", "bfq")) {
            s.level("seq-read", sched, sched.equals("bfq") ? 4100 : 5600);
            s.level("rand-read", sched, 15000);
        }
        s.level("rand-read-qd32", "none", 340000).level("rand-read-qd32", "mq-deadline", 280000)
                .level("rand-read-qd32", "kyber", 255000).level("rand-read-qd32", "bfq", 150000);
        return s;
    }

    /**
     * The sweep a state of {@link BenchmarkPanelDemo} shows: "undecided" (leaders not told apart),
     * "equal" and "not-measured" (every scheduler alike, at 1 % noise over 12 blocks and at 40 %
     * over 4), "longer" (the same at 2 % over 4: "Measure longer" offered), "live" (paced to watch); any other state the typical sweep.
     */
    static SimulatedSweep of(String state) {
        SimulatedSweep sweep = typical();
        if (state.equals("undecided")) sweep.blocks(6).noise(0.15);
        if (state.equals("equal") || state.equals("not-measured") || state.equals("longer")) {
            sweep.sameCpu();
            if (state.equals("equal")) sweep.blocks(12).noise(0.01);
            else if (state.equals("longer")) sweep.blocks(4).noise(0.02);
            else sweep.blocks(4).noise(0.4);
            for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) {
                sweep.level("seq-read", s, 5600).level("rand-read", s, 15000).level("rand-read-qd32", s, 280000);
            }
        }
        if (state.equals("live")) sweep.paced(60);
        return sweep;
    }

    SimulatedSweep blocks(int n) {
        blocks = n;
        return this;
    }

    SimulatedSweep noise(double sigma) {
        noise = sigma;
        return this;
    }

    /** Waits this long after each sample, so a window shows the sweep as it goes. */
    SimulatedSweep paced(long millisPerSample) {
        sampleMillis = millisPerSample;
        return this;
    }

    SimulatedSweep skip(String workload, String reason) {
        skip.put(workload, reason);
        return this;
    }

    /** What other programs used of the machine, as the report will say. */
    SimulatedSweep otherLoad(OtherLoad load) {
        otherLoad = load;
        return this;
    }

    /** Saves each report there, as the real service does. */
    SimulatedSweep savingTo(io.github.elevator.app.BenchmarkHistory history) {
        this.history = history;
        return this;
    }

    /** The time the next report says it finished (ISO-8601, UTC). */
    SimulatedSweep finishedAt(String iso) {
        finishedAt = iso;
        return this;
    }

    /** The quick benchmark measures the levels times this (1.1: the device is 10 % faster now). */
    SimulatedSweep quickScale(double scale) {
        quickScale = scale;
        return this;
    }

    /** Every scheduler costs the same CPU per I/O, so no leader is ever decided lighter (for a not-measured answer). */
    SimulatedSweep sameCpu() {
        sameCpu = true;
        return this;
    }

    SimulatedSweep original(String scheduler) {
        original = scheduler;
        return this;
    }

    /** Makes the next run wait after its first block until {@code release} counts down; {@code reached} says it got there. */
    SimulatedSweep pauseAfterFirstBlock(CountDownLatch reached, CountDownLatch release) {
        paused = reached;
        pauseAfterFirstBlock = release;
        return this;
    }

    /** Called with each request as it starts, on the benchmark's thread. */
    SimulatedSweep onRequest(Consumer<BenchmarkRequest> check) {
        onRequest = check;
        return this;
    }

    @Override
    public BenchmarkReport run(BenchmarkRequest request, BenchmarkListener listener, Cancellation cancellation)
            throws BenchmarkFailedException {
        requests.add(request);
        onRequest.accept(request);
        if (request.mode() == BenchmarkMode.CURRENT) return quick(request, listener, cancellation);
        boolean noiseCheck = request.mode() == BenchmarkMode.NOISE_CHECK;
        BenchmarkReport earlier = request.continuing();
        List<String> schedulers = earlier != null ? earlier.orders().get(0).stream().sorted().toList()
                : request.mode() == BenchmarkMode.CURRENT ? List.of(original)
                : noiseCheck ? List.of("A", "B", "C", "D") : schedulersOf(request);
        // a continuation ("Measure longer") runs as many blocks as its budget holds at a second a run, after the earlier ones
        int firstBlock = earlier == null ? 1 : earlier.orders().size() + 1;
        int lastBlock = earlier == null ? blocks : firstBlock - 1 + (int) Math.ceil(request.budgetSeconds() / (double) schedulers.size());
        double toResolve = 0;
        boolean unknown = false;
        listener.started(original, schedulers, request.budgetSeconds());
        List<RunResult> runs = new ArrayList<>(earlier == null ? List.of() : earlier.runs());
        Map<String, WorkloadDecision> decisions = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        Preference preference = noiseCheck ? Preference.NONE : new Preference("none", original);
        Random random = new Random(7);
        List<Workload> workloads = request.workloads();
        int step = 0, steps = workloads.size() * (lastBlock - firstBlock + 1) * schedulers.size();
        for (Workload w : workloads) {
            // a workload it has no figures for is skipped, as the service skips one the device cannot run
            String why = skip.containsKey(w.id()) ? skip.get(w.id()) : levels.containsKey(w.id()) ? null : "not simulated";
            if (why != null) {
                skipped.put(w.id(), why);
                listener.skipped(w.id(), why);
                continue;
            }
            List<Map<String, Observation>> observed = new ArrayList<>();
            WorkloadDecision d = earlier == null ? null : earlier.decisions().get(w.id());
            if (earlier != null) {
                for (int block = 1; block < firstBlock; block++) {
                    Map<String, Observation> old = new LinkedHashMap<>();
                    for (RunResult r : earlier.runs()) {
                        if (r.workload().equals(w.id()) && r.repeat() == block) old.put(r.scheduler(), new Observation(r.scheduler(), w.rankedBy().of(r), r.cpuUsPerIo()));
                    }
                    if (!old.isEmpty()) observed.add(old);
                }
            }
            boolean open = d == null || io.github.elevator.bench.design.TimeToResolve.blocks(observed, d) != 0;
            for (int block = firstBlock; block <= lastBlock && open; block++) {
                java.util.Set<String> behind = d == null ? java.util.Set.of() : d.behind();
                List<String> order = new ArrayList<>(schedulers);
                Collections.rotate(order, block);
                order.removeAll(behind);
                double drift = 1 + 0.15 * Math.sin(block); // the machine's drift, shared within a block
                Map<String, Observation> thisBlock = new LinkedHashMap<>();
                for (String s : order) {
                    if (cancellation.isCancelled()) throw new BenchmarkFailedException("Cancelled; " + request.device() + " is back on " + original + ".");
                    double level = level(w, noiseCheck ? original : s) * drift * Math.exp(noise * random.nextGaussian());
                    for (int i = 0; i < 4; i++) {
                        listener.sample(sample(w, s, block, i, level * (1 + 0.03 * Math.sin(step * 4 + i))));
                        pace();
                    }
                    RunResult r = run(w, s, block, level);
                    runs.add(r);
                    listener.run(r);
                    thisBlock.put(s, new Observation(s, w.rankedBy().of(r), r.cpuUsPerIo()));
                    step++;
                    listener.progress((double) step / steps, request.budgetSeconds() * (1 - (double) step / steps),
                            w.id() + " under " + s + ", block " + block);
                }
                observed.add(thisBlock);
                boolean last = block == lastBlock;
                d = noiseCheck ? PairedAnalysis.noiseCheck(w.id(), w.rankedBy(), observed, request.margin(), last, d)
                        : PairedAnalysis.decide(w.id(), w.rankedBy(), observed, request.margin(), last, d, preference, earlier != null);
                decisions.put(w.id(), d);
                listener.decided(w.id(), d);
                if (block == 1 && pauseAfterFirstBlock != null) {
                    paused.countDown();
                    try {
                        pauseAfterFirstBlock.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    pauseAfterFirstBlock = null;
                }
                if (d.complete() && schedulers.size() > 1) break;
            }
            if (d != null) decisions.put(w.id(), d);
            int needed = noiseCheck ? 0 : io.github.elevator.bench.design.TimeToResolve.blocks(observed, d);
            unknown |= needed < 0;
            if (d != null && needed > d.blocks()) toResolve += (needed - d.blocks()) * (schedulers.size() - d.behind().size());
        }
        return saved(BenchmarkReport.of(request.mode() == io.github.elevator.app.BenchmarkMode.NOISE_CHECK ? io.github.elevator.bench.report.ReportMode.NOISE_CHECK : io.github.elevator.bench.report.ReportMode.SWEEP,
                request.device(), original, finishedAt, Map.of("seq-read", "io_uring"), runs, decisions, orders(schedulers, earlier, firstBlock, lastBlock),
                earlier == null ? request.budgetSeconds() : earlier.budgetSeconds(), skipped, preference, otherLoad)
                .withSecondsToResolve(unknown || toResolve == 0 ? null : toResolve), listener);
    }

    /** The quick benchmark's shape: one timed run per workload on the current scheduler, samples a quarter second apart. */
    private BenchmarkReport quick(BenchmarkRequest request, BenchmarkListener listener, Cancellation cancellation)
            throws BenchmarkFailedException {
        listener.started(original, List.of(original), io.github.elevator.app.QuickBenchmark.EXPECTED_SECONDS);
        List<RunResult> runs = new ArrayList<>();
        Map<String, io.github.elevator.bench.FioComparison> fio = new LinkedHashMap<>();
        int i = 0;
        for (Workload w : request.workloads()) {
            listener.progress(i++ / (double) request.workloads().size(), 15, w.id() + " under " + original);
            double level = level(w, original) * quickScale;
            for (int k = 0; k < 8; k++) {
                if (cancellation.isCancelled()) throw new BenchmarkFailedException("Cancelled; " + request.device() + " is back on " + original + ".");
                Sample s = sample(w, original, 0, k, level * (1 + 0.05 * Math.sin(k)));
                listener.sample(new Sample(s.scheduler(), s.workload(), 0, 0.25 * (k + 1), s.iops(), s.mibps(), s.latP50us(), s.latP99us(),
                        s.sysPct(), s.iowaitPct(), 0, s.inFlight()));
                pace();
            }
            RunResult r = run(w, original, 0, level);
            runs.add(r);
            listener.run(r);
            String command = io.github.elevator.bench.FioComparison.shown(
                    io.github.elevator.bench.FioCommand.argv(w.id(), request.device(), request.checkWithFio() ? 1 : 5));
            // a simulated fio in three pairs of turns: on sequential reads as fast as the engine within the pairs' spread, else a little faster
            double[] faster = w == Workload.SEQ_READ ? new double[] {0.97, 1.04, 1.01} : new double[] {1.04, 1.10, 1.08};
            List<io.github.elevator.bench.FioComparison.Figures> turns = new ArrayList<>();
            for (double f : faster) turns.add(new io.github.elevator.bench.FioComparison.Figures(r.iops() * f, r.mibps() * f, r.latP99us() * 0.96));
            fio.put(w.id(), request.checkWithFio() ? io.github.elevator.bench.FioComparison.ofPairs(command, turns, List.of(r, r, r))
                    : io.github.elevator.bench.FioComparison.commandOnly(command));
        }
        return saved(BenchmarkReport.of(io.github.elevator.bench.report.ReportMode.QUICK, request.device(), original, finishedAt, Map.of("seq-read", "io_uring"), runs, Map.of(), List.of(),
                io.github.elevator.app.QuickBenchmark.EXPECTED_SECONDS, Map.of(), new Preference("none", original), null,
                (workload, scheduler) -> fio.get(workload)), listener);
    }

    /** Saved as the real service saves it: a report that cannot be kept is still returned, and the listener told why. */
    private BenchmarkReport saved(BenchmarkReport report, BenchmarkListener listener) {
        if (history != null) {
            try {
                history.save(report);
            } catch (java.io.IOException | RuntimeException e) {
                listener.notSaved("The report was not kept in the history: " + e.getMessage() + ".");
            }
        }
        return report;
    }

    /** The order of each block, as {@link #run} rotates it, after those of the sweep it continues. */
    private List<List<String>> orders(List<String> schedulers, BenchmarkReport earlier, int firstBlock, int lastBlock) {
        List<List<String>> orders = new ArrayList<>(earlier == null ? List.of() : earlier.orders());
        for (int block = firstBlock; block <= lastBlock; block++) {
            List<String> order = new ArrayList<>(schedulers);
            Collections.rotate(order, block);
            orders.add(order);
        }
        return orders;
    }

    private void pace() {
        if (sampleMillis == 0) return;
        try {
            Thread.sleep(sampleMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<String> schedulersOf(BenchmarkRequest request) {
        if (!request.schedulers().isEmpty()) return request.schedulers();
        return List.copyOf(levels.values().iterator().next().keySet());
    }

    private double level(Workload w, String scheduler) {
        Map<String, Double> of = levels.get(w.id());
        if (of == null || !of.containsKey(scheduler)) throw new IllegalStateException("no level for " + w.id() + " / " + scheduler);
        return of.get(scheduler);
    }

    private static Sample sample(Workload w, String scheduler, int block, int i, double level) {
        double iops = level; // seq-read's 1 MiB blocks make IOPS and MiB/s the same figure
        double mibps = w.rankedBy() == Metric.MIBPS ? level : level * w.blockSize() / (1 << 20);
        double wobble = 1 + 0.02 * ((i % 2) * 2 - 1);
        return new Sample(scheduler, w.id(), block, 0.25 * (i + 1), iops * wobble, mibps * wobble,
                w.rankedBy() == Metric.LAT_P99 ? level * 0.4 : 80, w.rankedBy() == Metric.LAT_P99 ? level * wobble : 200,
                30, 1, 0, w.queueDepth());
    }

    private RunResult run(Workload w, String scheduler, int block, double level) {
        double mibps = w.rankedBy() == Metric.MIBPS ? level : level * Math.max(w.blockSize(), 4096) / (1 << 20);
        double iops = level;
        double p99 = w.rankedBy() == Metric.LAT_P99 ? level : 200;
        double cpuUsPerIo = sameCpu ? 4.5 : switch (scheduler) {
            case "none" -> 4.1;
            case "mq-deadline" -> 4.6;
            case "kyber" -> 4.9;
            default -> 7.2;
        };
        return new RunResult(scheduler, w.id(), block, 1.0, iops, mibps, 80, p99, 30, 1, cpuUsPerIo, "io_uring");
    }
}
