package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.QuickFigures;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WritePlan;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.text.Messages;
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
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
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

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the benchmark panel shows of the selected device, as properties: the choices a person
 * edits (workloads, budget, margin, variants) and, set by {@link BenchmarkController} only, the
 * sweep under way or the report shown. It starts no work and decides nothing.
 */
public final class BenchmarkModel {
    final ObjectProperty<DeviceRow> device = new SimpleObjectProperty<>();
    final Map<Workload, BooleanProperty> chosen = new EnumMap<>(Workload.class);
    final ReadOnlyStringWrapper writeUnavailable = new ReadOnlyStringWrapper("");
    /** Where the selected device's write workloads would run, and the free space there; null when they cannot. */
    final ObjectProperty<WritePlace> writePlace = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper writePlan = new ReadOnlyStringWrapper("");
    final IntegerProperty budgetSeconds = new SimpleIntegerProperty(BenchmarkRequest.DEFAULT_BUDGET);
    final StringProperty variants = new SimpleStringProperty("");
    final ObjectProperty<BigDecimal> marginPercent = new SimpleObjectProperty<>(BenchInput.DEFAULT_MARGIN_PERCENT);

    final ReadOnlyStringWrapper benchmarkedDevice = new ReadOnlyStringWrapper();
    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    final ReadOnlyBooleanWrapper locked = new ReadOnlyBooleanWrapper();
    final ReadOnlyBooleanWrapper quickMode = new ReadOnlyBooleanWrapper();
    final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("");
    final ReadOnlyObjectWrapper<BenchmarkReport> report = new ReadOnlyObjectWrapper<>();
    final ReadOnlyObjectWrapper<DeviceAnswer> recommendation = new ReadOnlyObjectWrapper<>(DeviceAnswer.NONE);
    final ReadOnlyStringWrapper busy = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper applyText = new ReadOnlyStringWrapper(Messages.text("ui.bench.apply.winner"));
    final ReadOnlyBooleanWrapper canApply = new ReadOnlyBooleanWrapper();
    final ReadOnlyObjectWrapper<LiveView> live = new ReadOnlyObjectWrapper<>();
    final ReadOnlyIntegerWrapper livePoints = new ReadOnlyIntegerWrapper();
    final ObservableList<Comparison> comparisons = FXCollections.observableArrayList();
    private final ObservableList<Comparison> comparisonsShown = FXCollections.unmodifiableObservableList(comparisons);
    final ObservableList<QuickFigures> quick = FXCollections.observableArrayList();
    private final ObservableList<QuickFigures> quickShown = FXCollections.unmodifiableObservableList(quick);
    final ReadOnlyBooleanWrapper fioInstalled = new ReadOnlyBooleanWrapper(Files.isExecutable(Path.of(FioCommand.FIO)));
    final ObservableList<FioRow> fioRows = FXCollections.observableArrayList();
    private final ObservableList<FioRow> fioRowsShown = FXCollections.unmodifiableObservableList(fioRows);

    BenchmarkModel() {
        for (Workload w : Workload.values()) chosen.put(w, new SimpleBooleanProperty(Workload.DEFAULTS.contains(w)));
        List<Observable> planDeps = new ArrayList<>(chosen.values());
        planDeps.add(writePlace);
        writePlan.bind(Bindings.createStringBinding(() -> {
            WritePlace at = writePlace.get();
            return at == null ? "" : WritePlan.of(new ArrayList<>(chosenNow()), at.mount(), at.usableBytes()).orElse("");
        }, planDeps.toArray(Observable[]::new)));
    }

    /** A filesystem of the device that write workloads can use, with its free space; or, with no mount, why none can. */
    record WritePlace(Path mount, long usableBytes, String whyNot) {
    }

    /** The workloads ticked now. */
    Set<Workload> chosenNow() {
        Set<Workload> now = EnumSet.noneOf(Workload.class);
        for (Workload w : Workload.values()) if (chosen.get(w).get()) now.add(w);
        return now;
    }

    public ObjectProperty<DeviceRow> deviceProperty() {
        return device;
    }

    public BooleanProperty chosen(Workload w) {
        return chosen.get(w);
    }

    /** Why the write workloads cannot run on the selected device; empty when they can. */
    public ReadOnlyStringProperty writeUnavailableProperty() {
        return writeUnavailable.getReadOnlyProperty();
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

    /**
     * Variants to compare beside every scheduler in "Benchmark all schedulers", as typed:
     * "bfq low_latency=0, kyber read_lat_nsec=1000000". Empty: the schedulers alone.
     */
    public StringProperty variantsProperty() {
        return variants;
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

    /** The scheduler to apply, if the selected device's benchmark recommends one. */
    public Optional<String> winner() {
        return Optional.ofNullable(recommendation.get().scheduler());
    }

    /** How busy other programs kept the machine during the report shown, when that widened what it could resolve; else empty. */
    public ReadOnlyStringProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The Apply button's words: the winner to apply, or that the device is on it already, or that there is none. */
    public ReadOnlyStringProperty applyTextProperty() {
        return applyText.getReadOnlyProperty();
    }

    /** Whether Apply would change anything: a winner the device is not on. */
    public ReadOnlyBooleanProperty canApplyProperty() {
        return canApply.getReadOnlyProperty();
    }

    /** The live chart's data: the selected device's workload running now; null when it has none. */
    public ReadOnlyObjectProperty<LiveView> liveProperty() {
        return live.getReadOnlyProperty();
    }

    /**
     * How many points {@link #liveProperty()}'s list holds: it grows as samples arrive while the
     * live view stays the same, so the chart adds only the new ones.
     */
    public ReadOnlyIntegerProperty livePointsProperty() {
        return livePoints.getReadOnlyProperty();
    }

    /** One comparison per workload of the selected device: the sweep's so far, or the report's. */
    public ObservableList<Comparison> comparisons() {
        return comparisonsShown;
    }

    /** The selected device's quick benchmark, one per workload: of the run under way so far, or the last one shown. */
    public ObservableList<QuickFigures> quickFigures() {
        return quickShown;
    }

    /** Whether {@value FioCommand#FIO} is there to check with; without it the panel says how to get it. */
    public ReadOnlyBooleanProperty fioInstalledProperty() {
        return fioInstalled.getReadOnlyProperty();
    }

    /** How to get fio, in words. */
    public String fioMissing() {
        return Messages.text("ui.bench.fio.missing", FioCommand.missing());
    }

    /** The shown result's raw read workloads beside fio, each with fio's command. */
    public ObservableList<FioRow> fioRows() {
        return fioRowsShown;
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
}
