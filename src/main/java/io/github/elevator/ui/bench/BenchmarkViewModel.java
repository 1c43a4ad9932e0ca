package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkListener;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.Cancellation;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.ui.devices.DeviceRow;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * The benchmark of the selected device: choices, a running sweep's progress and live samples,
 * and the finished report with its verdicts, winner and history.
 */
public final class BenchmarkViewModel {
    private final BenchmarkService benchmarks;
    private final SchedulerService schedulers;
    private final TaskRunner tasks;
    private final Consumer<String> say;
    private final Runnable devicesChanged;

    private final ObjectProperty<DeviceRow> device = new SimpleObjectProperty<>();
    private final Map<Workload, BooleanProperty> chosen = new EnumMap<>(Workload.class);
    private final StringProperty writeUnavailable = new SimpleStringProperty("");
    private final IntegerProperty seconds = new SimpleIntegerProperty(1);
    private final IntegerProperty repeats = new SimpleIntegerProperty(3);
    private final BooleanProperty running = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty progressText = new SimpleStringProperty("");
    private final StringProperty verdict = new SimpleStringProperty("");
    private final ObjectProperty<BenchmarkReport> report = new SimpleObjectProperty<>();
    private final ObservableList<ResultRow> results = FXCollections.observableArrayList();
    /** Handed over from the helper's reader thread: {@link Sample}s and {@link Progress} markers. */
    private final ConcurrentLinkedQueue<Object> pending = new ConcurrentLinkedQueue<>();
    private final ObservableList<String> seriesOrder = FXCollections.observableArrayList();
    private Cancellation cancellation;

    public BenchmarkViewModel(BenchmarkService benchmarks, SchedulerService schedulers, TaskRunner tasks,
                              Consumer<String> say, Runnable devicesChanged) {
        this.benchmarks = benchmarks;
        this.schedulers = schedulers;
        this.tasks = tasks;
        this.say = say;
        this.devicesChanged = devicesChanged;
        for (Workload w : Workload.values()) chosen.put(w, new SimpleBooleanProperty(Workload.DEFAULTS.contains(w)));
        device.addListener((obs, old, now) -> deviceChanged(now));
    }

    public ObjectProperty<DeviceRow> deviceProperty() {
        return device;
    }

    public BooleanProperty chosen(Workload w) {
        return chosen.get(w);
    }

    /** Why the write workloads cannot run on this device; empty when they can. */
    public StringProperty writeUnavailableProperty() {
        return writeUnavailable;
    }

    public IntegerProperty secondsProperty() {
        return seconds;
    }

    public IntegerProperty repeatsProperty() {
        return repeats;
    }

    public BooleanProperty runningProperty() {
        return running;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty progressTextProperty() {
        return progressText;
    }

    public StringProperty verdictProperty() {
        return verdict;
    }

    public ObjectProperty<BenchmarkReport> reportProperty() {
        return report;
    }

    public ObservableList<ResultRow> results() {
        return results;
    }

    /** Schedulers in the order their live series appeared. */
    public ObservableList<String> seriesOrder() {
        return seriesOrder;
    }

    /** True when a benchmark can start: a device with a scheduler, at least one workload, nothing running. */
    public BooleanBinding canStart() {
        List<javafx.beans.Observable> deps = new ArrayList<>(chosen.values());
        deps.add(device);
        deps.add(running);
        return Bindings.createBooleanBinding(() -> !running.get() && device.get() != null
                && device.get().device().hasScheduler() && chosen.values().stream().anyMatch(BooleanProperty::get),
                deps.toArray(javafx.beans.Observable[]::new));
    }

    private record Progress(int done, int total, double secondsLeft, String doing) {
    }

    public void quick() {
        start(false);
    }

    public void all() {
        start(true);
    }

    public void cancel() {
        if (cancellation != null) {
            cancellation.cancel();
            progressText.set("Cancelling; putting the original scheduler back…");
        }
    }

    private void start(boolean allSchedulers) {
        DeviceRow row = device.get();
        if (row == null || running.get()) return;
        List<Workload> workloads = new ArrayList<>();
        for (Workload w : Workload.values()) if (chosen.get(w).get()) workloads.add(w);
        BenchmarkRequest request;
        try {
            request = new BenchmarkRequest(row.name(), allSchedulers, workloads, seconds.get(), allSchedulers ? repeats.get() : 1);
        } catch (IllegalArgumentException e) {
            say.accept(e.getMessage());
            return;
        }
        Cancellation c = new Cancellation();
        cancellation = c;
        running.set(true);
        progress.set(-1);
        progressText.set("Starting; you may be asked to authenticate…");
        verdict.set("");
        results.clear();
        report.set(null);
        seriesOrder.clear();
        pending.clear();
        tasks.run(() -> benchmarks.run(request, listener(), c), done -> {
            running.set(false);
            progress.set(1);
            progressText.set("Finished; " + done.device() + " is back on " + done.originalScheduler() + ".");
            show(done);
            devicesChanged.run();
        }, error -> {
            running.set(false);
            progress.set(0);
            progressText.set(error.getMessage());
            say.accept(error.getMessage());
            devicesChanged.run();
        });
    }

    /** Runs on the helper's reader thread: only hands data over, never touches properties directly. */
    private BenchmarkListener listener() {
        return new BenchmarkListener() {
            @Override
            public void progress(int done, int total, double secondsLeft, String doing) {
                pending.add(new Progress(done, total, secondsLeft, doing));
            }

            @Override
            public void sample(Sample sample) {
                pending.add(sample);
            }
        };
    }

    /**
     * Called by the view's timer on the UI thread: applies progress markers and returns the live
     * samples for the chart.
     */
    public List<Sample> drain() {
        List<Sample> samples = new ArrayList<>();
        Object o;
        while ((o = pending.poll()) != null) {
            if (o instanceof Progress p) {
                if (!running.get()) continue;
                progress.set(p.total() == 0 ? 0 : (double) p.done() / p.total());
                long left = Math.round(p.secondsLeft());
                progressText.set(String.format(Locale.ROOT, "%d:%02d left · %s", left / 60, left % 60, p.doing()));
            } else if (o instanceof Sample s) {
                if (!seriesOrder.contains(s.scheduler())) seriesOrder.add(s.scheduler());
                samples.add(s);
            }
        }
        return samples;
    }

    public void show(BenchmarkReport r) {
        report.set(r);
        List<ResultRow> ranked = new ArrayList<>();
        r.ranking().forEach((workload, order) -> {
            for (int i = 0; i < order.size(); i++) {
                String s = order.get(i);
                int rank = i + 1;
                r.results().stream().filter(x -> x.workload().equals(workload) && x.scheduler().equals(s))
                        .findFirst().ifPresent(x -> ranked.add(ResultRow.of(rank, x)));
            }
        });
        StringBuilder v = new StringBuilder();
        r.verdict().forEach((w, text) -> v.append(w).append(": ").append(text).append('\n'));
        String engines = String.join(", ", r.engines().entrySet().stream().map(e -> e.getKey() + " via " + e.getValue()).toList());
        v.append("Engines: ").append(engines);
        verdict.set(v.toString());
        results.setAll(ranked); // last: whoever sees results sees the verdict too
    }

    /** The scheduler that won most workloads by more than the noise, if any. */
    public Optional<String> winner() {
        return Optional.ofNullable(report.get()).map(BenchmarkReport::overallWinner);
    }

    public void applyWinner() {
        DeviceRow row = device.get();
        String w = winner().orElse(null);
        if (row == null || w == null) return;
        say.accept("Switching " + row.name() + " to " + w + "…");
        tasks.run(() -> schedulers.switchScheduler(row.name(), w), now -> {
            say.accept(now.name() + " now uses " + now.active() + ".");
            devicesChanged.run();
        }, error -> say.accept(error.getMessage()));
    }

    public void exportJson(Path file) throws IOException {
        Files.writeString(file, io.github.elevator.app.BenchmarkHistory.toJson(report.get()));
    }

    public void exportCsv(Path file) throws IOException {
        Files.writeString(file, report.get().toCsv());
    }

    /** Where past reports are kept; the history dialog reads them off the UI thread. */
    public io.github.elevator.app.BenchmarkHistory historyStore() {
        return benchmarks.history();
    }

    /** Past reports of the selected device, newest first. */
    public List<BenchmarkReport> history() {
        DeviceRow row = device.get();
        if (row == null) return List.of();
        try {
            return benchmarks.history().of(row.name());
        } catch (IOException e) {
            say.accept("Could not read the history: " + e.getMessage());
            return List.of();
        }
    }

    /** Two past reports side by side, per workload: each one's verdict. */
    public static String compare(BenchmarkReport older, BenchmarkReport newer) {
        StringBuilder b = new StringBuilder();
        java.util.Set<String> workloads = new java.util.LinkedHashSet<>(older.verdict().keySet());
        workloads.addAll(newer.verdict().keySet());
        for (String w : workloads) {
            b.append(w).append('\n')
                    .append("  ").append(older.finishedAt()).append(": ").append(older.verdict().getOrDefault(w, "not measured")).append('\n')
                    .append("  ").append(newer.finishedAt()).append(": ").append(newer.verdict().getOrDefault(w, "not measured")).append('\n');
        }
        return b.toString();
    }

    private void deviceChanged(DeviceRow row) {
        if (!running.get()) {
            report.set(null);
            results.clear();
            verdict.set("");
            progressText.set("");
            progress.set(0);
        }
        if (row == null) {
            writeUnavailable.set("no device selected");
            return;
        }
        BlockDevice d = row.device();
        StringBuilder why = new StringBuilder();
        boolean writable = Scratch.mountFor(d, why).isPresent();
        writeUnavailable.set(writable ? "" : why.toString());
        if (!writable) {
            for (Workload w : Workload.values()) if (!w.raw()) chosen.get(w).set(false);
        }
    }
}
