package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.QuickBenchmark;
import io.github.elevator.app.ReportFiles;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.DefaultWorkloads;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WritePlan;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Printable;
import io.github.elevator.ui.devices.DeviceRow;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

/**
 * The benchmark panel of the selected device: choices (workloads, budget, margin), the sweep
 * under way (progress, live points of the current workload, decisions so far) and the finished
 * report as one comparison per workload with a recommendation. Every device keeps its own
 * results and last message while others are shown; one benchmark runs at a time, and
 * {@link #benchmarkedDeviceProperty()} names its device so the window can lock that device's
 * other controls.
 */
public final class BenchmarkViewModel {
    public static final int MIN_BUDGET = BenchmarkRequest.MIN_BUDGET;
    public static final int MAX_BUDGET = BenchmarkRequest.MAX_BUDGET;
    public static final double MIN_MARGIN_PERCENT = BenchmarkRequest.MIN_MARGIN * 100;
    public static final double MAX_MARGIN_PERCENT = BenchmarkRequest.MAX_MARGIN * 100;

    private final Benchmarks benchmarks;
    private final BenchmarkHistory history;
    private final SchedulerService schedulers;
    private final TaskRunner tasks;
    private final Consumer<String> say;
    private final Runnable devicesChanged;

    private final ObjectProperty<DeviceRow> device = new SimpleObjectProperty<>();
    private final Map<Workload, BooleanProperty> chosen = new EnumMap<>(Workload.class);
    private final StringProperty writeUnavailable = new SimpleStringProperty("");
    /** Where the selected device's write workloads would run, and the free space there; null when they cannot. */
    private final ObjectProperty<WritePlace> writePlace = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper writePlan = new ReadOnlyStringWrapper("");
    /** The workloads a person chose for a device themselves; a device without a choice gets its defaults. */
    private final Map<String, Set<Workload>> choiceOf = new HashMap<>();
    private boolean choosingDefaults;
    private final IntegerProperty budgetSeconds = new SimpleIntegerProperty(BenchmarkRequest.DEFAULT_BUDGET);
    private final StringProperty variants = new SimpleStringProperty("");
    private final ObjectProperty<BigDecimal> marginPercent = new SimpleObjectProperty<>(
            BigDecimal.valueOf(BenchmarkRequest.DEFAULT_MARGIN * 100).stripTrailingZeros());

    private final ReadOnlyStringWrapper benchmarkedDevice = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper locked = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper quickMode = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<BenchmarkReport> report = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<DeviceAnswer> recommendation = new ReadOnlyObjectWrapper<>(DeviceAnswer.NONE);
    private final ReadOnlyStringWrapper busy = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper applyText = new ReadOnlyStringWrapper(Messages.text("ui.bench.apply.winner"));
    private final ReadOnlyBooleanWrapper canApply = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<LiveView> live = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Comparison> comparisons = FXCollections.observableArrayList();
    private final ObservableList<Comparison> comparisonsShown = FXCollections.unmodifiableObservableList(comparisons);

    private final Map<String, DeviceBench> states = new HashMap<>();
    /** Handed over from the benchmark's thread; applied on the UI thread by {@link #drain()}. */
    private final ConcurrentLinkedQueue<Consumer<DeviceBench>> pending = new ConcurrentLinkedQueue<>();
    private final ObservableList<io.github.elevator.app.QuickFigures> quick = FXCollections.observableArrayList();
    private final ObservableList<io.github.elevator.app.QuickFigures> quickShown = FXCollections.unmodifiableObservableList(quick);
    private final ReadOnlyBooleanWrapper fioInstalled = new ReadOnlyBooleanWrapper(
            java.nio.file.Files.isExecutable(java.nio.file.Path.of(FioCommand.FIO)));
    private final ObservableList<FioRow> fioRows = FXCollections.observableArrayList();
    private final ObservableList<FioRow> fioRowsShown = FXCollections.unmodifiableObservableList(fioRows);
    private DeviceBench benchmarked;
    private Cancellation cancellation;
    /** While the budget and margin of another device are put in place: not the person's setting. */
    private boolean loadingSettings;
    /** The device that went away while selected, in words; null when none did. */
    private String gone;
    private DeviceRow watched;
    private String lastSelected;
    private final javafx.beans.InvalidationListener activeChanged = o -> publish();
    private StatusAbout sayAbout;

    /** The status line, told what a message says of which device, so that it can take it back when that changes. */
    @FunctionalInterface
    public interface StatusAbout {
        void say(String device, String scheduler, String message);
    }

    /** The window's way: the service's run and history. */
    public BenchmarkViewModel(BenchmarkService service, SchedulerService schedulers, TaskRunner tasks,
                              Consumer<String> say, Runnable devicesChanged) {
        this(service::run, service.history(), schedulers, tasks, say, devicesChanged);
    }

    public BenchmarkViewModel(Benchmarks benchmarks, BenchmarkHistory history, SchedulerService schedulers, TaskRunner tasks,
                              Consumer<String> say, Runnable devicesChanged) {
        this.benchmarks = benchmarks;
        this.history = history;
        this.schedulers = schedulers;
        this.tasks = tasks;
        this.say = say;
        this.devicesChanged = devicesChanged;
        for (Workload w : Workload.values()) {
            BooleanProperty box = new SimpleBooleanProperty(Workload.DEFAULTS.contains(w));
            box.addListener((o, was, now) -> {
                if (!choosingDefaults && device.get() != null) choiceOf.put(device.get().name(), chosenNow());
            });
            chosen.put(w, box);
        }
        List<Observable> planDeps = new ArrayList<>(chosen.values());
        planDeps.add(writePlace);
        writePlan.bind(Bindings.createStringBinding(() -> {
            WritePlace at = writePlace.get();
            return at == null ? "" : WritePlan.of(new ArrayList<>(chosenNow()), at.mount(), at.usableBytes()).orElse("");
        }, planDeps.toArray(Observable[]::new)));
        this.sayAbout = (d, sched, text) -> say.accept(text);
        device.addListener((obs, old, now) -> deviceChanged(now));
        budgetSeconds.addListener((o, was, now) -> {
            if (!loadingSettings && device.get() != null) state(device.get().name()).budgetSet = now.intValue();
        });
        marginPercent.addListener((o, was, now) -> {
            if (!loadingSettings && device.get() != null) state(device.get().name()).marginSet = now;
        });
        publish();
    }

    /** Where messages about a device's scheduler go, so that the status line can replace them when the device changes. */
    public void sayAboutTo(StatusAbout status) {
        sayAbout = status;
    }

    /** The selected device's quick benchmark, one per workload: of the run under way so far, or the last one shown. */
    public ObservableList<io.github.elevator.app.QuickFigures> quickFigures() {
        return quickShown;
    }

    public ObjectProperty<DeviceRow> deviceProperty() {
        return device;
    }

    public BooleanProperty chosen(Workload w) {
        return chosen.get(w);
    }

    /** Why the write workloads cannot run on the selected device; empty when they can. */
    public StringProperty writeUnavailableProperty() {
        return writeUnavailable;
    }

    /** What the chosen write workloads will write where on the selected device, before it starts; empty when nothing. */
    public ReadOnlyStringProperty writePlanProperty() {
        return writePlan.getReadOnlyProperty();
    }

    /** The whole sweep's time budget, seconds. */
    public IntegerProperty budgetSecondsProperty() {
        return budgetSeconds;
    }

    /** The equivalence margin, percent. */
    public ObjectProperty<BigDecimal> marginPercentProperty() {
        return marginPercent;
    }

    /** The name of the device under benchmark, null when none is: its controls stay locked until it ends. */
    public ReadOnlyStringProperty benchmarkedDeviceProperty() {
        return benchmarkedDevice.getReadOnlyProperty();
    }

    /** True while a benchmark runs, of whichever device. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** True while the selected device is the one under benchmark: its benchmark controls are locked. */
    public ReadOnlyBooleanProperty lockedProperty() {
        return locked.getReadOnlyProperty();
    }

    /** True while the selected device's benchmark, running or shown, is the quick one: its tiles speak, not comparisons. */
    public ReadOnlyBooleanProperty quickModeProperty() {
        return quickMode.getReadOnlyProperty();
    }

    /** The selected device's progress: 0..1, or -1 while it is not known yet. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The selected device's one current message about its benchmark; each replaces the last. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** What the results area says while it has no comparison to show. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    /** The selected device's finished report, null when it has none. */
    public ReadOnlyObjectProperty<BenchmarkReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** The selected device's recommendation, or why there is none; NONE while running or with no report. */
    public ReadOnlyObjectProperty<DeviceAnswer> recommendationProperty() {
        return recommendation.getReadOnlyProperty();
    }

    /** How busy other programs kept the machine during the report shown, when that widened what it could resolve; else empty. */
    public ReadOnlyStringProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The live chart's data: the selected device's workload running now; null when it has none. */
    public ReadOnlyObjectProperty<LiveView> liveProperty() {
        return live.getReadOnlyProperty();
    }

    /** One comparison per workload of the selected device: the sweep's so far, or the report's. */
    public ObservableList<Comparison> comparisons() {
        return comparisonsShown;
    }

    /** The scheduler to apply, if the selected device's benchmark recommends one. */
    /** The Apply button's words: the winner to apply, or that the device is on it already, or that there is none. */
    public ReadOnlyStringProperty applyTextProperty() {
        return applyText.getReadOnlyProperty();
    }

    /** Whether Apply would change anything: a winner the device is not on. */
    public ReadOnlyBooleanProperty canApplyProperty() {
        return canApply.getReadOnlyProperty();
    }

    public Optional<String> winner() {
        return Optional.ofNullable(recommendation.get().scheduler());
    }

    /** True when a benchmark can start: a device with a scheduler, a workload, nothing running. */
    public BooleanBinding canStart() {
        List<Observable> deps = new ArrayList<>(chosen.values());
        deps.add(device);
        deps.add(running);
        return Bindings.createBooleanBinding(() -> !running.get() && device.get() != null
                        && device.get().device().hasScheduler() && chosen.values().stream().anyMatch(BooleanProperty::get),
                deps.toArray(Observable[]::new));
    }

    /** Typed text as a budget: whole seconds within range; empty for anything else. */
    public static Optional<Integer> parseBudget(String text) {
        try {
            int seconds = Integer.parseInt(text.strip());
            return seconds >= MIN_BUDGET && seconds <= MAX_BUDGET ? Optional.of(seconds) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    /** Typed text as a margin in percent ("3", "2.5", "2,5 %") within range; empty for anything else. */
    public static Optional<BigDecimal> parseMargin(String text) {
        try {
            BigDecimal pct = new BigDecimal(text.strip().replace(',', '.').replace("%", "").strip());
            double v = pct.doubleValue();
            return v >= MIN_MARGIN_PERCENT && v <= MAX_MARGIN_PERCENT ? Optional.of(pct.stripTrailingZeros()) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }

    /**
     * Takes typed text as the budget. Anything but whole seconds within range is refused with a
     * message and changes nothing. Returns whether it was taken.
     */
    public boolean setBudget(String text) {
        Optional<Integer> seconds = parseBudget(text);
        seconds.ifPresentOrElse(budgetSeconds::set, () -> say.accept(Messages.text("ui.bench.budget.refused", MIN_BUDGET, MAX_BUDGET,
                budgetSeconds.get())));
        return seconds.isPresent();
    }

    /** Takes typed text as the margin in percent; refuses anything out of range or not a number. */
    public boolean setMargin(String text) {
        Optional<BigDecimal> pct = parseMargin(text);
        pct.ifPresentOrElse(marginPercent::set, () -> say.accept(Messages.text("ui.bench.margin.refused",
                Comparison.trim(MIN_MARGIN_PERCENT), Comparison.trim(MAX_MARGIN_PERCENT), marginPercent.get().toPlainString())));
        return pct.isPresent();
    }

    /** The quick benchmark: its three workloads on the current scheduler, its own length (the budget is a comparison's). */
    public void quick() {
        start(BenchmarkMode.CURRENT);
    }

    /**
     * The quick benchmark with fio beside it: right after each of Elevator's runs, fio does the
     * same reads as root in the same session ({@code elevator bench DEVICE --fio}).
     */
    public void checkWithFio() {
        if (fioInstalled.get()) start(BenchmarkMode.CURRENT, true);
    }

    /** Whether {@value FioCommand#FIO} is there to check with; without it the panel says how to get it. */
    public ReadOnlyBooleanProperty fioInstalledProperty() {
        return fioInstalled.getReadOnlyProperty();
    }

    /** How to get fio, in words. */
    public String fioMissing() {
        return Messages.text("ui.bench.fio.missing", FioCommand.missing());
    }

    /** Where fio is looked for; the window looks at {@value FioCommand#FIO}, tests at a path of their own. */
    void fioAt(java.nio.file.Path fio) {
        fioInstalled.set(java.nio.file.Files.isExecutable(fio));
    }

    /** The shown result's raw read workloads beside fio, each with fio's command. */
    public ObservableList<FioRow> fioRows() {
        return fioRowsShown;
    }

    /**
     * The device {@code name} went away (unplugged, detached). Its benchmark, if one runs, stops;
     * while nothing else is selected the panel says so in words.
     */
    public void gone(String name) {
        DeviceBench state = states.get(name);
        boolean during = state != null && (state.running || state.failed);
        if (state != null && state.running && cancellation != null) cancellation.cancel();
        DeviceRow row = device.get();
        if (!name.equals(row != null ? row.name() : lastSelected)) return;
        gone = during ? Messages.text("ui.bench.gone.during", name) : Messages.text("ui.bench.gone", name);
        say.accept(gone);
        publish();
    }

    public void all() {
        start(BenchmarkMode.ALL);
    }

    /** Runs the current scheduler in every slot, to show how small a difference this machine can resolve. */
    public void noiseCheck() {
        start(BenchmarkMode.NOISE_CHECK);
    }

    public void cancel() {
        if (cancellation != null && benchmarked != null) {
            cancellation.cancel();
            benchmarked.say(Messages.text("ui.bench.cancelling"), null);
            publish();
        }
    }

    /**
     * Variants to compare beside every scheduler in "Benchmark all schedulers", as typed:
     * "bfq low_latency=0, kyber read_lat_nsec=1000000". Empty: the schedulers alone.
     */
    public StringProperty variantsProperty() {
        return variants;
    }

    /** The offered schedulers and the typed variants, in that order; throws with words when a variant is not one. */
    static List<String> withVariants(List<String> offered, String typed) {
        List<String> all = new ArrayList<>(offered);
        if (typed == null || typed.isBlank()) return all;
        for (String item : typed.split(",")) {
            if (item.isBlank()) continue;
            String text;
            try {
                text = SchedulerVariants.parse(item.strip()).text();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(Messages.text("ui.bench.variant.refused", Printable.quoted(item.strip()), e.getMessage()));
            }
            if (!all.contains(text)) all.add(text);
        }
        return all;
    }

    private void start(BenchmarkMode mode) {
        start(mode, false);
    }

    private void start(BenchmarkMode mode, boolean fio) {
        DeviceRow row = device.get();
        if (row == null || running.get()) return;
        List<Workload> workloads = new ArrayList<>();
        if (mode == BenchmarkMode.CURRENT) workloads.addAll(io.github.elevator.app.QuickBenchmark.WORKLOADS);
        else for (Workload w : Workload.values()) if (chosen.get(w).get()) workloads.add(w);
        BenchmarkRequest request;
        try {
            List<String> schedulers = mode == BenchmarkMode.ALL && !variants.get().isBlank()
                    ? withVariants(row.schedulers(), variants.get()) : List.of();
            request = (mode == BenchmarkMode.CURRENT
                    ? new BenchmarkRequest(row.name(), mode, List.of(), workloads, BenchmarkRequest.DEFAULT_BUDGET, BenchmarkRequest.DEFAULT_MARGIN)
                    : new BenchmarkRequest(row.name(), mode, schedulers, workloads, budgetSeconds.get(), marginPercent.get().doubleValue() / 100))
                    .withFio(fio);
        } catch (IllegalArgumentException e) {
            say.accept(e.getMessage());
            return;
        }
        DeviceBench state = state(row.name());
        state.begin(mode, workloads, request.budgetSeconds());
        state.say(Messages.text("ui.bench.starting"), null);
        Cancellation c = new Cancellation();
        cancellation = c;
        benchmarked = state;
        pending.clear();
        running.set(true);
        benchmarkedDevice.set(row.name());
        publish();
        tasks.run(() -> {
            BenchmarkReport done = benchmarks.run(request, listener(), c);
            return new Finished(done, previousQuick(done));
        }, finished -> {
            drain();
            finish(state, finished.report(), finished.previous());
            state.progress = 1;
            BenchmarkReport done = finished.report();
            String finishedKey = QuickBenchmark.isQuick(done) ? "ui.bench.finished.in-place" : "ui.bench.finished";
            state.say(state.notSaved == null ? Messages.text(finishedKey, done.device(), done.originalScheduler())
                    : Messages.text(finishedKey + ".not-saved", done.device(), done.originalScheduler(), state.notSaved),
                    done.originalScheduler());
            publish();
            devicesChanged.run();
        }, error -> {
            drain();
            finish(state, null, null);
            state.progress = 0;
            state.say(error.getMessage(), null);
            publish();
            devicesChanged.run();
        });
    }

    private record Finished(BenchmarkReport report, BenchmarkReport previous) {
    }

    /** For a quick report, the device's quick benchmark before it; null otherwise. Reads the history: off the UI thread. */
    private BenchmarkReport previousQuick(BenchmarkReport r) {
        if (!io.github.elevator.app.QuickBenchmark.isQuick(r)) return null;
        try {
            return io.github.elevator.app.QuickBenchmark.previous(history.of(r.device()), r).orElse(null);
        } catch (IOException unreadable) {
            return null; // the tiles show no comparison; the history dialog says what it cannot read
        }
    }

    private void finish(DeviceBench state, BenchmarkReport done, BenchmarkReport previous) {
        state.end(done, previous);
        benchmarked = null;
        cancellation = null;
        running.set(false);
        benchmarkedDevice.set(null);
    }

    /** Runs on the benchmark's thread: only hands data over, never touches the UI's state. */
    private BenchmarkListener listener() {
        return new BenchmarkListener() {
            @Override
            public void started(String originalScheduler, List<String> schedulers, double budget) {
                String list = String.join(", ", schedulers);
                pending.add(s -> s.say(s.mode == BenchmarkMode.CURRENT
                        ? Messages.text("ui.bench.started.quick", list, s.device, originalScheduler)
                        : Messages.text("ui.bench.started", list, s.device, originalScheduler), null));
            }

            @Override
            public void progress(double fraction, double secondsLeft, String doing) {
                pending.add(s -> s.progress(fraction, secondsLeft, doing));
            }

            @Override
            public void sample(Sample sample) {
                long now = System.nanoTime();
                pending.add(s -> s.sample(sample, valueOf(sample), now));
            }

            @Override
            public void run(RunResult result) {
                pending.add(s -> s.runs.add(result));
            }

            @Override
            public void decided(String workload, WorkloadDecision decision) {
                pending.add(s -> s.decided(workload, decision));
            }

            @Override
            public void skipped(String workload, String reason) {
                pending.add(s -> s.skipped.put(workload, reason));
            }

            @Override
            public void notSaved(String sentence) {
                pending.add(s -> s.notSaved = sentence);
            }
        };
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

    /**
     * Called on the UI thread (the view's timer): applies what the benchmark reported since the
     * last call, and returns the new live points of the workload the chart shows. When the chart
     * must start over (another workload, another device) it gets a new {@link #liveProperty()} instead.
     */
    public List<LivePoint> drain() {
        DeviceBench state = benchmarked;
        if (pending.isEmpty() || state == null) return List.of();
        LiveView before = live.get();
        int known = before == null || before.points() == null ? 0 : before.points().size();
        Consumer<DeviceBench> event;
        while ((event = pending.poll()) != null) event.accept(state);
        publish();
        LiveView after = live.get();
        // a new list of points (another workload or device) was shown whole by the chart; the same list grew
        if (after == null || before == null || after.points() == null || after.points() != before.points()) return List.of();
        List<LivePoint> points = after.points();
        return known <= points.size() ? List.copyOf(points.subList(known, points.size())) : List.of();
    }

    /** Shows a report of the selected device (from history) in its results. */
    public void show(BenchmarkReport r) {
        DeviceRow row = device.get();
        if (row == null || (benchmarked != null && benchmarked.device.equals(row.name()))) return;
        DeviceBench state = state(row.name());
        state.report = r;
        state.previousQuick = null;
        state.mode = BenchmarkMode.ALL;
        state.say(Messages.text("ui.bench.showing", LocalTimes.of(r.finishedAt())), null);
        publish();
        if (io.github.elevator.app.QuickBenchmark.isQuick(r)) {
            tasks.run(() -> java.util.Optional.ofNullable(previousQuick(r)), previous -> {
                if (state.report != r) return;
                state.previousQuick = previous.orElse(null);
                publish();
            }, error -> { });
        }
    }

    public void applyWinner() {
        applyScheduler(winner().orElse(null));
    }

    /** Switches the selected device to {@code scheduler}, when its results are not being measured. */
    public void applyScheduler(String scheduler) {
        DeviceRow row = device.get();
        if (row == null || scheduler == null || locked.get()) return;
        say.accept(Messages.text("ui.bench.switching", row.name(), scheduler));
        tasks.run(() -> schedulers.switchScheduler(row.name(), scheduler), now -> {
            String text = Messages.text("ui.bench.now-uses", now.name(), now.active());
            sayAbout.say(now.name(), now.active(), text);
            DeviceBench state = states.get(now.name());
            if (state != null && state != benchmarked) state.say(text, now.active());
            publish();
            devicesChanged.run();
        }, error -> say.accept(error.getMessage()));
    }

    /** Writes the report shown to {@code file} as JSON, off the UI thread; the status line says where, or why not. */
    public void exportJson(Path file) {
        BenchmarkReport shown = report.get();
        if (shown != null) save(file, to -> ReportFiles.writeJson(to, shown));
    }

    /** Writes the report shown to {@code file} as CSV, off the UI thread; the status line says where, or why not. */
    public void exportCsv(Path file) {
        BenchmarkReport shown = report.get();
        if (shown != null) save(file, to -> ReportFiles.writeCsv(to, shown));
    }

    /**
     * Writes a picture to {@code file} as PNG: drawn on the UI thread by the caller (the charts
     * change there), encoded and written off it; the status line says where, or why not.
     */
    public void savePng(Path file, java.awt.image.BufferedImage image) {
        save(file, to -> ReportFiles.writePng(to, image));
    }

    private interface FileWriter {
        void write(Path file) throws IOException;
    }

    private void save(Path file, FileWriter writer) {
        tasks.run(() -> {
            writer.write(file);
            return file;
        }, saved -> say.accept(Messages.text("ui.bench.saved", saved)),
                error -> say.accept(Messages.text("ui.bench.not-saved", file, error.getMessage())));
    }

    /** Where past reports are kept; the history dialog reads them off the UI thread. */
    public BenchmarkHistory historyStore() {
        return history;
    }

    private DeviceBench state(String name) {
        return states.computeIfAbsent(name, DeviceBench::new);
    }

    /** The budget and margin the person set for this device, else the defaults: one device's settings never carry over unnoticed. */
    private void loadSettings(DeviceBench state) {
        loadingSettings = true;
        try {
            budgetSeconds.set(state != null && state.budgetSet != null ? state.budgetSet : BenchmarkRequest.DEFAULT_BUDGET);
            marginPercent.set(state != null && state.marginSet != null ? state.marginSet
                    : BigDecimal.valueOf(BenchmarkRequest.DEFAULT_MARGIN * 100).stripTrailingZeros());
        } finally {
            loadingSettings = false;
        }
    }

    /** Once per start of the window: the device's last report from history, so results survive a restart. */
    private void lastReport(DeviceRow row) {
        DeviceBench state = state(row.name());
        if (state.historyAsked || state.report != null || state.running) return;
        state.historyAsked = true;
        tasks.run(() -> history.of(row.name()), reports -> {
            if (reports.isEmpty() || state.report != null || state.running) return;
            BenchmarkReport last = reports.get(0);
            state.report = last;
            state.previousQuick = io.github.elevator.app.QuickBenchmark.previous(reports, last).orElse(null);
            state.mode = BenchmarkMode.ALL;
            state.say(Messages.text("ui.bench.showing.last", LocalTimes.of(last.finishedAt())), null);
            publish();
        }, error -> say.accept(Messages.text("ui.bench.history.unreadable.of", row.name(), error.getMessage())));
    }

    /** Shows the selected device's state. */
    private void publish() {
        DeviceRow row = device.get();
        DeviceBench state = row == null ? null : states.get(row.name());
        boolean mine = state != null && state == benchmarked;
        if (state != null && state.messageAbout != null && row.activeProperty().get() != null
                && !state.messageAbout.equals(row.activeProperty().get())) {
            // what the message said of the device is no longer true: it was changed since
            state.say(Messages.text("ui.bench.now-uses", row.name(), row.activeProperty().get()), row.activeProperty().get());
        }
        quickMode.set(state != null && (mine ? state.mode == BenchmarkMode.CURRENT : io.github.elevator.app.QuickBenchmark.isQuick(state.report)));
        locked.set(mine);
        progress.set(state == null ? 0 : state.progress);
        message.set(state == null ? (row == null && gone != null ? gone : "") : state.message());
        report.set(state == null || mine ? null : state.report);
        LiveView now = state == null ? null : state.liveView();
        LiveView shown = live.get();
        boolean same = now != null && shown != null && now.device().equals(shown.device()) && now.workload().equals(shown.workload())
                && now.points() == shown.points() && now.race().equals(shown.race());
        if (!same) live.set(now);
        List<Comparison> list = state == null ? List.of() : state.comparisons();
        if (!list.equals(comparisons)) comparisons.setAll(list);
        List<io.github.elevator.app.QuickFigures> tiles = state == null || (mine && state.mode != BenchmarkMode.CURRENT) ? List.of() : state.quick();
        if (!tiles.equals(quick)) quick.setAll(tiles);
        List<FioRow> checks = FioRow.of(report.get());
        if (!checks.equals(fioRows)) fioRows.setAll(checks);
        recommendation.set(state == null || mine ? DeviceAnswer.NONE : state.answer());
        String winner = recommendation.get().scheduler();
        boolean already = winner != null && winner.equals(row.activeProperty().get());
        applyText.set(winner == null ? Messages.text("ui.bench.apply.winner")
                : Messages.text(already ? "ui.bench.apply.already" : "ui.bench.apply", winner));
        canApply.set(winner != null && !already);
        busy.set(state == null || mine ? "" : state.busy());
        if (row == null) placeholder.set(gone != null ? gone : Messages.text("ui.bench.placeholder.select"));
        else if (benchmarked != null && !mine) placeholder.set(Messages.text("ui.bench.placeholder.busy", benchmarked.device));
        else if (!row.device().hasScheduler()) placeholder.set(Messages.text("ui.bench.placeholder.no-scheduler", row.name()));
        else placeholder.set(Messages.text("ui.bench.placeholder.results"));
    }

    private void deviceChanged(DeviceRow row) {
        if (watched != null) watched.activeProperty().removeListener(activeChanged);
        watched = row;
        if (row != null) {
            gone = null;
            lastSelected = row.name();
            row.activeProperty().addListener(activeChanged);
        }
        loadSettings(row == null ? null : states.get(row.name()));
        publish();
        if (row == null) {
            writeUnavailable.set(Messages.text("ui.bench.no-device"));
            return;
        }
        lastReport(row);
        BlockDevice d = row.device();
        // a filesystem query: off the UI thread
        tasks.run(() -> {
            StringBuilder why = new StringBuilder();
            Optional<Path> mount = Scratch.writableMount(d, why);
            return mount.isPresent() ? new WritePlace(mount.get(), Files.getFileStore(mount.get()).getUsableSpace(), "")
                    : new WritePlace(null, 0, why.toString());
        }, place -> {
            if (device.get() != row) return;
            writeUnavailable.set(place.whyNot());
            writePlace.set(place.mount() == null ? null : place);
            Set<Workload> choice = choiceOf.get(row.name());
            choose(choice != null ? choice : DefaultWorkloads.of(d, place.mount() != null), place.mount() != null);
        }, error -> writeUnavailable.set(error.getMessage()));
    }

    /** Ticks {@code workloads} and only them; write workloads only where they can run. */
    private void choose(java.util.Collection<Workload> workloads, boolean writable) {
        choosingDefaults = true;
        try {
            for (Workload w : Workload.values()) chosen.get(w).set(workloads.contains(w) && (writable || w.raw()));
        } finally {
            choosingDefaults = false;
        }
    }

    private Set<Workload> chosenNow() {
        Set<Workload> now = java.util.EnumSet.noneOf(Workload.class);
        for (Workload w : Workload.values()) if (chosen.get(w).get()) now.add(w);
        return now;
    }

    /** A filesystem of the device that write workloads can use, with its free space; or, with no mount, why none can. */
    private record WritePlace(Path mount, long usableBytes, String whyNot) {
    }
}
