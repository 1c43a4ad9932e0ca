package io.github.elevator.ui.bench;

import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Overall;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The benchmark state of one device, kept while other devices are shown: the last report, or
 * the run under way with its live points, runs and decisions so far, and its last message.
 * Touched on the UI thread only.
 */
final class DeviceBench {
    /** Live points kept per workload: 4 a second for half an hour. */
    private static final int MAX_POINTS = 4 * 1800;

    final String device;
    BenchmarkReport report;
    /** The report shown before the run under way: shown again if the run fails or is cancelled. */
    private BenchmarkReport before;
    /** With a quick report: the device's quick benchmark before it, or null. */
    BenchmarkReport previousQuick;
    /** Budget and margin as the person set them for this device; null: the defaults. */
    Integer budgetSet;
    java.math.BigDecimal marginSet;
    /** The scheduler {@link #message} says the device is on, or null when it says nothing about that. */
    String messageAbout;
    /** Why the last run's report could not be kept in the history, in one sentence; null when it was kept. */
    String notSaved;
    /** The last run ended in an error or was cancelled. */
    boolean failed;
    /** History was asked for this device's last report (once per start of the window). */
    boolean historyAsked;
    BenchmarkMode mode = BenchmarkMode.ALL;
    int budgetSeconds;
    /** The last message; null while the sweep's progress speaks instead. */
    String message = "";
    double progress;
    private String doing = "";
    private double secondsLeft;

    boolean running;
    List<Workload> workloads = List.of();
    final List<RunResult> runs = new ArrayList<>();
    final Map<String, WorkloadDecision> decisions = new LinkedHashMap<>();
    final Map<String, String> skipped = new LinkedHashMap<>();
    final Map<String, List<LivePoint>> live = new LinkedHashMap<>();
    private final Map<String, Race> race = new LinkedHashMap<>();
    /** Per workload, the seconds it has run: its own clock, on which its slices lie back to back. */
    private final Map<String, Double> clock = new HashMap<>();
    private long lastArrival;
    private io.github.elevator.bench.Sample lastSample;
    String liveWorkload;

    DeviceBench(String device) {
        this.device = device;
    }

    /** Forgets the previous run and report: a new benchmark starts. */
    void begin(BenchmarkMode mode, List<Workload> workloads, int budgetSeconds) {
        this.mode = mode;
        this.workloads = List.copyOf(workloads);
        this.budgetSeconds = budgetSeconds;
        before = report;
        report = null;
        running = true;
        failed = false;
        notSaved = null;
        progress = -1;
        runs.clear();
        decisions.clear();
        skipped.clear();
        live.clear();
        race.clear();
        clock.clear();
        lastArrival = 0;
        lastSample = null;
        liveWorkload = null;
    }

    /** The run ended: with its report, or (null) failed or cancelled, when the report shown before comes back. */
    void end(BenchmarkReport done, BenchmarkReport previous) {
        running = false;
        failed = done == null;
        report = done != null ? done : before;
        if (done != null) previousQuick = previous;
        before = null;
        live.clear();
        race.clear();
    }

    /** Sets the message and what it says the device is on (null: nothing), so it can be taken back when that changes. */
    void say(String text, String about) {
        message = text;
        messageAbout = about;
    }

    /** After each look at the blocks of {@code workload}. */
    void decided(String workload, WorkloadDecision d) {
        decisions.put(workload, d);
        race.computeIfAbsent(workload, w -> new Race()).look(d);
    }

    void progress(double fraction, double secondsLeft, String doing) {
        this.progress = fraction;
        this.secondsLeft = secondsLeft;
        this.doing = doing;
        message = null;
    }

    /** What the device's benchmark says now: its last message, or where the sweep is. */
    String message() {
        if (message != null) return message;
        WorkloadDecision d = liveWorkload == null ? null : decisions.get(liveWorkload);
        String clock = Numbers.clock(Math.round(secondsLeft));
        if (d == null || d.toDecide() == 0) return Messages.text("ui.bench.progress", doing, clock);
        return Messages.text("ui.bench.progress.deciding", doing, Messages.count("ui.bench.progress.decided", d.toDecide(), d.decided()), clock);
    }

    /**
     * The reads of {@code workload} start: the live chart shows it from now on, before its first
     * sample, so that it names the workload the progress names (fio's turns have no samples).
     */
    void reading(String workload) {
        if (workload.equals(liveWorkload)) return;
        liveWorkload = workload;
        lastArrival = 0; // the time since the other workload's last sample is no gap of this one's
    }

    /**
     * A sample that arrived at {@code arrivalNanos}, placed on its workload's own clock: it spans
     * the time it measured (a slice's length, or within one timed run the time since the sample
     * before), and the clock moves on by at least that, by the time since the sample before when
     * that was longer (a switch between slices stays a gap), while the time other workloads ran is
     * left out.
     */
    void sample(io.github.elevator.bench.Sample sample, double value, long arrivalNanos) {
        String workload = sample.workload();
        boolean sameWorkload = workload.equals(liveWorkload) && lastArrival > 0;
        double since = sameWorkload ? (arrivalNanos - lastArrival) / 1e9 : Double.NaN;
        // within one timed run the elapsed time grows by a sampling interval (a quarter second); slices each start from zero
        boolean sameRun = sameWorkload && lastSample != null && lastSample.scheduler().equals(sample.scheduler())
                && lastSample.repeat() == sample.repeat() && sample.elapsedSeconds() - lastSample.elapsedSeconds() >= 0.05;
        double span = Math.max(0.01, sameRun ? sample.elapsedSeconds() - lastSample.elapsedSeconds() : Math.min(1, sample.elapsedSeconds()));
        lastArrival = arrivalNanos;
        lastSample = sample;
        liveWorkload = workload;
        if (Double.isNaN(value)) return; // a sample with no figure (no start ended in it) draws nothing
        // a pause (a write workload laying out its files) does not stretch the axis by more than a second
        double advance = Double.isNaN(since) || sameRun ? span : Math.max(span, Math.min(since, span + 1));
        double end = clock.getOrDefault(workload, 0.0) + advance;
        clock.put(workload, end);
        List<LivePoint> points = live.computeIfAbsent(workload, w -> new ArrayList<>());
        if (points.size() >= MAX_POINTS) points.subList(0, MAX_POINTS / 4).clear();
        points.add(new LivePoint(sample.scheduler(), end - span, end, value, sample.latP99us()));
    }

    /** The live view of the workload running now, or null when nothing is live. */
    LiveView liveView() {
        if (!running || liveWorkload == null) return null;
        String unit = Workload.byId(liveWorkload).map(Comparison::unit).orElse("");
        Race r = race.get(liveWorkload);
        return new LiveView(device, liveWorkload, unit, mode == BenchmarkMode.CURRENT, live.get(liveWorkload),
                r == null ? Map.of() : r.points());
    }

    /** The quick benchmark's figures: of the run under way so far, or of the quick report shown; empty otherwise. */
    List<io.github.elevator.app.QuickFigures> quick() {
        if (running) return mode == BenchmarkMode.CURRENT ? io.github.elevator.app.QuickFigures.of(runs, null) : List.of();
        if (!io.github.elevator.app.QuickBenchmark.isQuick(report)) return List.of();
        return io.github.elevator.app.QuickFigures.of(report, previousQuick);
    }

    /** One comparison per workload: of the run under way, else of the report. */
    List<Comparison> comparisons() {
        if (running && mode == BenchmarkMode.CURRENT) return List.of(); // the quick benchmark's tiles speak instead
        if (!running && io.github.elevator.app.QuickBenchmark.isQuick(report)) return List.of();
        if (running) {
            List<Comparison> list = new ArrayList<>();
            for (Workload w : workloads) {
                String reason = skipped.get(w.id());
                list.add(reason != null ? Comparison.skipped(w.id(), reason) : Comparison.of(w.id(), decisions.get(w.id()), null));
            }
            return list;
        }
        if (report == null) return List.of();
        Map<String, WorkloadDecision> decided = report.decisions() == null ? Map.of() : report.decisions();
        Map<String, String> notRun = report.skipped() == null ? Map.of() : report.skipped();
        Set<String> found = new LinkedHashSet<>(report.ranking().keySet());
        found.addAll(decided.keySet());
        found.addAll(notRun.keySet());
        List<String> ids = new ArrayList<>(found);
        // in the order the panel offers the workloads; unknown ones (a newer version's) last
        ids.sort(Comparator.comparingInt(id -> Workload.byId(id).map(Enum::ordinal).orElse(Integer.MAX_VALUE)));
        List<Comparison> list = new ArrayList<>();
        for (String id : ids) {
            list.add(notRun.containsKey(id) ? Comparison.skipped(id, notRun.get(id))
                    : Comparison.of(id, decided.get(id), ReportWords.verdict(report, id)));
        }
        return list;
    }

    /** What the report recommends for the device; nothing while a run is under way. */
    Overall overall() {
        return running || report == null || report.overall() == null ? Overall.NONE : report.overall();
    }

    /** The same in words, made now in the window's language. */
    DeviceAnswer answer() {
        Overall o = overall();
        if (o == Overall.NONE) return DeviceAnswer.NONE;
        return new DeviceAnswer(o.scheduler(), ReportWords.overall(report), ReportWords.basis(report), o.strength(),
                o.named(report.decisions()));
    }

    /** The report's line about other programs' load, or empty when the machine was quiet or nothing is reported. */
    String busy() {
        if (running || report == null || report.otherLoad() == null) return "";
        String line = report.otherLoad().sentence(device);
        return line == null ? "" : line;
    }

    boolean noiseCheck() {
        if (mode == BenchmarkMode.NOISE_CHECK) return true;
        return report != null && report.mode() == io.github.elevator.bench.report.ReportMode.NOISE_CHECK;
    }
}
