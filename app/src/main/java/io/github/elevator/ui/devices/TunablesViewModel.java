package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.app.ResetService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.app.TuneFailedException;
import io.github.elevator.app.TuneService;
import io.github.elevator.device.BlockDevice;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The selected device's queue and scheduler settings, and changing one of them through the
 * helper's {@code tune} verb. A value the helper would refuse is refused here first, with
 * {@link TuneService}'s reason, and nothing is sent; while the helper runs the device's row is
 * busy; afterwards the settings show what the kernel reports. Nothing changes while a benchmark
 * runs on the device.
 */
public final class TunablesViewModel {
    private final TuneService tune;
    private final ResetService reset;
    private final TaskRunner tasks;
    private final Consumer<String> say;
    private final Consumer<String> reread;
    private final ObjectProperty<DeviceRow> row = new SimpleObjectProperty<>(this, "row");
    private final ObservableList<TunableSetting> settings = FXCollections.observableArrayList();
    // one read-only view, kept: it listens to the list weakly, so a view made per call would be
    // collected and take its listeners with it
    private final ObservableList<TunableSetting> readOnlySettings = FXCollections.unmodifiableObservableList(settings);
    private final StringProperty problem = new SimpleStringProperty(this, "problem", "");
    private final ObjectProperty<TunableSetting> problemSetting = new SimpleObjectProperty<>(this, "problemSetting");
    private final StringProperty scheduler = new SimpleStringProperty(this, "scheduler");
    private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
    private final BooleanProperty locked = new SimpleBooleanProperty(this, "locked");
    private final BooleanProperty resettable = new SimpleBooleanProperty(this, "resettable");
    // change listeners, not invalidation listeners: those stay silent after a change nobody read
    private final ChangeListener<Object> follow = (o, was, now) -> follow();

    /**
     * {@code say} puts a message on the window's status line; {@code reread} reads one device
     * again after a failure, so the settings show the kernel's state whatever happened.
     */
    public TunablesViewModel(SchedulerService service, TaskRunner tasks, Consumer<String> say, Consumer<String> reread) {
        this.tune = new TuneService(service);
        this.reset = new ResetService(service);
        this.tasks = tasks;
        this.say = say;
        this.reread = reread;
        row.addListener((o, old, now) -> {
            if (old != null) {
                old.deviceProperty().removeListener(follow);
                old.busyProperty().removeListener(follow);
                old.benchmarkedProperty().removeListener(follow);
            }
            settings.clear();
            refuse(null, "");
            if (now != null) {
                now.deviceProperty().addListener(follow);
                now.busyProperty().addListener(follow);
                now.benchmarkedProperty().addListener(follow);
            }
            follow();
        });
    }

    /** The device whose settings are shown; the details pane binds it to the selection. */
    public ObjectProperty<DeviceRow> rowProperty() {
        return row;
    }

    /** Queue settings first, then the active scheduler's own, only those this device has. */
    public ObservableList<TunableSetting> settings() {
        return readOnlySettings;
    }

    /** The scheduler whose own settings ({@code iosched/NAME}) are listed; null when there is none. */
    public ReadOnlyStringProperty schedulerProperty() {
        return scheduler;
    }

    /** Why the last value was refused or not set, in words; empty when there is nothing to say. */
    public ReadOnlyStringProperty problemProperty() {
        return problem;
    }

    /** The setting {@link #problemProperty()} is about, so the view can say it beside its field; null when none. */
    public ReadOnlyObjectProperty<TunableSetting> problemSettingProperty() {
        return problemSetting;
    }

    /** True while the helper changes this device (a setting or its scheduler): the fields take no input. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** True while a benchmark runs on the device, or when there is no device: nothing may change. */
    public ReadOnlyBooleanProperty lockedProperty() {
        return locked;
    }

    /** True when the device has a scheduler, so "Kernel defaults" can put it and its settings back. */
    public ReadOnlyBooleanProperty resettableProperty() {
        return resettable;
    }

    /**
     * "Kernel defaults": works out what the kernel itself would give the device (its scheduler
     * and settings) and hands the changes that takes to {@code confirm}, which asks the person and
     * calls {@link #resetToKernelDefaults} if they agree. When nothing differs, says so instead.
     */
    public void planKernelDefaults(Consumer<ResetService.Plan> confirm) {
        DeviceRow r = row.get();
        if (r == null || r.lockedProperty().get() || !r.device().hasScheduler()) return;
        BlockDevice shown = r.device();
        tasks.run(() -> reset.plan(shown), plan -> {
            if (plan.isEmpty()) {
                say.accept(Messages.text("ui.devices.defaults.already", shown.name(), plan.defaults().scheduler(), plan.defaults().why()));
            } else {
                confirm.accept(plan);
            }
        }, error -> say.accept(Messages.text("ui.devices.defaults.failed", shown.name(), error.getMessage())));
    }

    /** Makes a confirmed plan's changes through the helper; the row is busy meanwhile and shows the kernel's state after. */
    public void resetToKernelDefaults(ResetService.Plan plan) {
        DeviceRow r = row.get();
        String name = plan.device().name();
        if (r == null || !r.name().equals(name) || r.lockedProperty().get()) return;
        r.setBusy(true);
        say.accept(Messages.text("ui.devices.defaults.putting", name));
        tasks.run(() -> {
            BlockDevice now = reset.apply(plan);
            return new Reset(now, describe(reset.plan(now)));
        }, done -> {
            r.update(done.now());
            r.setBusy(false);
            refuse(null, "");
            say.accept(done.left().isEmpty()
                    ? Messages.text("ui.devices.defaults.done", name, done.now().active())
                    : Messages.text("ui.devices.defaults.partly", name, done.now().active(), String.join(", ", done.left())));
        }, error -> {
            r.setBusy(false);
            say.accept(error.getMessage());
            reread.accept(name);
        });
    }

    /** The device after a reset, and what still differs from the kernel's defaults (read off the UI thread). */
    private record Reset(BlockDevice now, List<String> left) {
    }

    /** "scheduler mq-deadline → none", "queue/read_ahead_kb 4096 → 128": what a plan changes, one line each. */
    public static List<String> describe(ResetService.Plan plan) {
        return plan.changes().stream().map(ResetService.Change::describe).toList();
    }

    /**
     * Sets the setting to the value typed in its field. Nothing is sent when the value is the
     * kernel's already, or when it is refused; a refusal says why and leaves the typed text to fix.
     */
    public void apply(TunableSetting setting) {
        DeviceRow r = row.get();
        if (r == null || !settings.contains(setting) || r.lockedProperty().get()) return;
        String typed = setting.textProperty().get().strip();
        if (!setting.editedProperty().get()) {
            revert(setting);
            return;
        }
        try {
            TuneService.check(r.device(), setting.key(), typed);
        } catch (TuneFailedException e) {
            refuse(setting, e.getMessage());
            return;
        }
        refuse(null, "");
        String name = r.name();
        String what = Messages.text("ui.devices.tunable.of", setting.name(), name);
        String unit = setting.unit().isEmpty() ? "" : " " + setting.unit();
        r.setBusy(true);
        say.accept(Messages.text("ui.devices.tunable.setting", what, typed + unit));
        tasks.run(() -> tune.tune(name, setting.key(), typed), now -> {
            setting.revert(); // what was typed is done with: the field shows what the kernel reports
            r.update(now);
            r.setBusy(false);
            Long readBack = now.tunables().value(setting.key());
            say.accept(readBack == null ? Messages.text("ui.devices.tunable.gone", what, name)
                    : Messages.text("ui.devices.tunable.now", what, readBack + unit));
        }, error -> {
            setting.revert();
            r.setBusy(false);
            refuse(setting, error.getMessage());
            say.accept(error.getMessage());
            reread.accept(name);
        });
    }

    /** The field shows the kernel's value again, and the last refusal is forgotten. */
    public void revert(TunableSetting setting) {
        setting.revert();
        if (setting == problemSetting.get()) refuse(null, "");
    }

    private void refuse(TunableSetting setting, String why) {
        problemSetting.set(null);
        problem.set(why);
        problemSetting.set(setting);
    }

    /** Takes the row's current state: values read back, settings that came or went with a switch. */
    private void follow() {
        DeviceRow r = row.get();
        busy.set(r != null && r.busyProperty().get());
        locked.set(r == null || r.benchmarkedProperty().get());
        resettable.set(r != null && r.device().hasScheduler());
        BlockDevice d = r == null ? null : r.device();
        scheduler.set(d == null ? null : d.active());
        List<String> keys = d == null ? List.of() : d.tunables().keys();
        Map<String, TunableSetting> byKey = new HashMap<>();
        for (TunableSetting s : settings) byKey.put(s.key(), s);
        List<TunableSetting> next = new ArrayList<>();
        for (String key : keys) {
            TunableSetting s = byKey.get(key);
            Long value = d.tunables().value(key);
            if (s == null) s = new TunableSetting(key, value);
            else s.take(value);
            next.add(s);
        }
        // the same settings in the same order: the view keeps its fields (and the one with the focus)
        if (!next.equals(settings)) settings.setAll(next);
    }
}
