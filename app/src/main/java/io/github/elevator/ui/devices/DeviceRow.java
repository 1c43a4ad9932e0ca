package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.rules.RuleStatus;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;

/** View-model of one device row: the kernel's state of the device, and whether a switch is under way. */
public final class DeviceRow {
    private final String name;
    private final ObjectProperty<BlockDevice> device = new SimpleObjectProperty<>();
    private final StringProperty active = new SimpleStringProperty();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final BooleanProperty benchmarked = new SimpleBooleanProperty();
    private boolean benchmarkedHere;
    /** Who else holds the device for a benchmark ("another Elevator (pid 4711)"), null when no one does; and what it goes back to. */
    private final StringProperty heldBy = new SimpleStringProperty();
    private String heldOriginal;
    /** Kept up to date eagerly (not a lazy binding), so every change reaches its listeners. */
    private final BooleanProperty locked = new SimpleBooleanProperty();
    private final ObservableList<String> schedulers = FXCollections.observableArrayList();
    private final ObjectProperty<RuleStatus> ruleStatus = new SimpleObjectProperty<>(RuleStatus.NONE);

    DeviceRow(BlockDevice initial) {
        this.name = initial.name();
        busy.addListener(o -> locked.set(busy.get() || benchmarked.get()));
        benchmarked.addListener(o -> locked.set(busy.get() || benchmarked.get()));
        update(initial);
    }

    /** Takes the kernel's current state; the row's chooser follows it. */
    void update(BlockDevice now) {
        // an unchanged device read again is not a change: nothing is laid out or drawn again
        if (now.equals(device.get())) return;
        device.set(now);
        if (!schedulers.equals(now.schedulers())) schedulers.setAll(now.schedulers());
        // held by another window's benchmark: the scheduler it goes back to, not the ones it passes through
        active.set(heldBy.get() != null && heldOriginal != null ? heldOriginal : now.active());
    }

    /** Another Elevator holds the device for its benchmark ({@code who} in words), or (null) no longer does. */
    void setHeldElsewhere(String who, String original) {
        if (java.util.Objects.equals(who, heldBy.get()) && java.util.Objects.equals(original, heldOriginal)) return;
        heldBy.set(who);
        heldOriginal = original;
        benchmarked.set(benchmarkedHere || who != null);
        active.set(who != null && original != null ? original : device.get().active());
    }

    /** Who else holds the device for a benchmark, in words; null when no other Elevator does. */
    public ReadOnlyStringProperty heldByProperty() {
        return heldBy;
    }

    /** The scheduler the device goes back to when the benchmark that holds it ends; null when none holds it. */
    public String heldOriginal() {
        return heldOriginal;
    }

    void setBusy(boolean value) {
        busy.set(value);
    }

    public String name() {
        return name;
    }

    public BlockDevice device() {
        return device.get();
    }

    public ReadOnlyObjectProperty<BlockDevice> deviceProperty() {
        return device;
    }

    /** The scheduler the kernel reports as active; null for devices without one. */
    public ReadOnlyStringProperty activeProperty() {
        return active;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** True while a benchmark runs on this device: its scheduler changes under the sweep's hands. */
    public ReadOnlyBooleanProperty benchmarkedProperty() {
        return benchmarked;
    }

    void setBenchmarked(boolean value) {
        benchmarkedHere = value;
        benchmarked.set(value || heldBy.get() != null);
    }

    /** True while nothing may change the device from the window: a switch or a benchmark is under way. */
    public ReadOnlyBooleanProperty lockedProperty() {
        return locked;
    }

    /** Whether the scheduler comes from one of Elevator's rules, and which; set by the rules view-model. */
    public ReadOnlyObjectProperty<RuleStatus> ruleStatusProperty() {
        return ruleStatus;
    }

    public void setRuleStatus(RuleStatus status) {
        if (!java.util.Objects.equals(status, ruleStatus.get())) ruleStatus.set(status);
    }

    public ObservableList<String> schedulers() {
        return FXCollections.unmodifiableObservableList(schedulers);
    }

    /** The model; for a loop device the name of its file (the whole path is in the details). */
    public String model() {
        String model = device().displayModel();
        if (device().transport() == io.github.elevator.device.Transport.LOOP && model.contains("/")) {
            return model.substring(model.lastIndexOf('/') + 1);
        }
        return model;
    }

    public String size() {
        return ByteSize.human(device().sizeBytes());
    }

    public String kind() {
        return device().transport().label();
    }

    /** Rotational, removable and read-only marks, in words. */
    public String flags() {
        BlockDevice d = device();
        List<String> marks = new ArrayList<>();
        marks.add(Messages.text(d.rotational() ? "ui.devices.flag.rotational" : "ui.devices.flag.solid-state"));
        if (d.removable()) marks.add(Messages.text("ui.devices.flag.removable"));
        if (d.readOnly()) marks.add(Messages.text("ui.devices.flag.read-only"));
        return String.join(" · ", marks);
    }

    /** The first mount point, and how many more there are (the line's tooltip and the details list them all). */
    public String mountPoints() {
        List<String> points = device().mountPoints();
        return points.isEmpty() ? "" : points.get(0) + (points.size() > 1 ? " +" + (points.size() - 1) : "");
    }
}
