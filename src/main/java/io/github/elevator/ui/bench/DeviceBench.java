package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Overall;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
    String liveWorkload;
    long firstSampleNanos = -1;

    DeviceBench(String device) {
        this.device = device;
    }

    /** Forgets the previous run and report: a new benchmark starts. */
    void begin(BenchmarkMode mode, List<Workload> workloads, int budgetSeconds) {
        this.mode = mode;
        this.workloads = List.copyOf(workloads);
        this.budgetSeconds = budgetSeconds;
        report = null;
        running = true;
        progress = -1;
        runs.clear();
        decisions.clear();
        skipped.clear();
        live.clear();
        liveWorkload = null;
        firstSampleNanos = -1;
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
        String decided = d == null || d.toDecide() == 0 ? "" : " · decided " + d.decided() + " of " + d.toDecide() + " pairs";
        long left = Math.round(secondsLeft);
        return String.format(Locale.ROOT, "%s%s · %d:%02d left", doing, decided, left / 60, left % 60);
    }

    void add(LivePoint point, String workload) {
        if (Double.isNaN(point.value())) return; // a sample with no figure (no start ended in it) draws nothing
        List<LivePoint> points = live.computeIfAbsent(workload, w -> new ArrayList<>());
        if (points.size() >= MAX_POINTS) points.subList(0, MAX_POINTS / 4).clear();
        points.add(point);
    }

    /** The live view of the workload running now, or null when nothing is live. */
    LiveView liveView() {
        if (!running || liveWorkload == null) return null;
        String unit = Workload.byId(liveWorkload).map(Comparison::unit).orElse("");
        return new LiveView(device, liveWorkload, unit, live.get(liveWorkload));
    }

    /** One comparison per workload: of the run under way, else of the report. */
    List<Comparison> comparisons() {
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
                    : Comparison.of(id, decided.get(id), report.verdict().get(id)));
        }
        return list;
    }

    /** What the report recommends for the device; nothing while a run is under way. */
    Overall overall() {
        return running || report == null || report.overall() == null ? Overall.NONE : report.overall();
    }

    /** The report's line about other programs' load, or empty when the machine was quiet or nothing is reported. */
    String busy() {
        if (running || report == null || report.otherLoad() == null) return "";
        String line = report.otherLoad().sentence(device);
        return line == null ? "" : line;
    }

    boolean noiseCheck() {
        if (mode == BenchmarkMode.NOISE_CHECK) return true;
        if (report == null) return false;
        return report.decisions() != null && report.decisions().values().stream().anyMatch(d -> d.noiseFloor() != null);
    }

    int budget() {
        return report != null && report.budgetSeconds() > 0 ? (int) Math.round(report.budgetSeconds()) : budgetSeconds;
    }
}
