package io.github.elevator.ui.devices;

import io.github.elevator.device.DeviceOrder;
import io.github.elevator.text.Messages;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDevice;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The device list: rows that follow the kernel, scheduler switches, and the status message. */
public final class DeviceListViewModel {
    private final SchedulerService service;
    private final TaskRunner tasks;
    private final ObservableList<DeviceRow> rows = FXCollections.observableArrayList();
    private final javafx.collections.transformation.FilteredList<DeviceRow> shown = new javafx.collections.transformation.FilteredList<>(rows);
    private final LoopDevicesShown loops = new LoopDevicesShown(rows, shown);
    private final StringProperty status = new SimpleStringProperty("");
    /** The device and scheduler the status line speaks of, so it is replaced once that is no longer true; null: of none. */
    private String statusDevice, statusScheduler;
    /** Counts the status line's messages; a read begun before the current one cannot contradict it. */
    private long statusVersion;
    private boolean readBeforeStatus;
    private final ObjectProperty<DeviceRow> underBenchmark = new SimpleObjectProperty<>(this, "underBenchmark");
    private final TunablesViewModel tunables;
    private final ObjectProperty<Set<String>> inView = new SimpleObjectProperty<>(this, "inView");
    private boolean refreshing;
    private io.github.elevator.app.HeldDevices holds;
    /** What a read asked for while another ran still needs: every device, or these disks. */
    private boolean refreshAllAgain;
    private final Set<String> refreshAgain = new java.util.TreeSet<>();

    public DeviceListViewModel(SchedulerService service, TaskRunner tasks) {
        this.service = service;
        this.tasks = tasks;
        this.tunables = new TunablesViewModel(service, tasks, status::set, name -> refresh(Set.of(name)));
        underBenchmark.addListener((o, old, now) -> {
            if (old != null) old.setBenchmarked(false);
            if (now != null) now.setBenchmarked(true);
            loops.keepShown(now);
        });
    }

    /**
     * The device a benchmark runs on, or null: its line and details are locked meanwhile. The
     * window binds it to the benchmark panel; nothing in the device list sets it.
     */
    public ObjectProperty<DeviceRow> underBenchmarkProperty() {
        return underBenchmark;
    }

    /** The selected device's settings, which the details pane shows and changes. */
    public TunablesViewModel tunables() {
        return tunables;
    }

    /**
     * The devices the window shows now (lines in view, and the selected one), or null when not
     * known: a change made elsewhere to these must show at once; the others' may wait until they
     * come into view. The device list sets it; whatever follows the machine reads it.
     */
    public ObjectProperty<Set<String>> inViewProperty() {
        return inView;
    }

    /** Every device the kernel lists (but detached loop devices), disks first ({@link DeviceOrder}). */
    public ObservableList<DeviceRow> rows() {
        return rows;
    }

    /** The devices the list shows: every row, but loop devices while they are many and not asked for. */
    public ObservableList<DeviceRow> shown() {
        return shown;
    }

    /** Whether loop devices are listed when there are many of them; a setting of the person's. */
    public javafx.beans.property.BooleanProperty showLoopDevicesProperty() {
        return loops.wantedProperty();
    }

    /** Whether there are so many loop devices that the list offers to leave them out. */
    public javafx.beans.property.ReadOnlyBooleanProperty loopSwitchOfferedProperty() {
        return loops.offeredProperty();
    }

    /** How many loop devices there are. */
    public javafx.beans.property.ReadOnlyIntegerProperty loopCountProperty() {
        return loops.countProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /**
     * Shows in each row which devices another Elevator's benchmark holds (read with every read of
     * the devices): locked, with the scheduler they go back to rather than the temporary ones.
     */
    public void followHolds(io.github.elevator.app.HeldDevices held) {
        holds = held;
    }

    private Map<String, io.github.elevator.app.HeldDevices.Hold> holdsNow() {
        return holds == null ? Map.of() : holds.heldNow();
    }

    private void markHolds(Map<String, io.github.elevator.app.HeldDevices.Hold> held) {
        for (DeviceRow row : rows) {
            var r = row == underBenchmark.get() ? null : held.get(row.name()); // this window's own benchmark is not another's
            row.setHeldElsewhere(r == null ? null : Messages.text("ui.devices.held-by", r.pid()), r == null ? null : r.originalScheduler());
        }
    }

    /** Re-reads every device; called on start, on demand and periodically to follow hotplug. */
    public void refresh() {
        if (refreshing) {
            // a change seen while a scan runs may have come too late for it: scan once more after
            refreshAllAgain = true;
            return;
        }
        refreshing = true;
        long version = statusVersion;
        tasks.run(() -> new Read(service.devices(), holdsNow()), read -> {
            refreshing = false;
            markHolds(read.held());
            readBeforeStatus = version != statusVersion;
            show(read.devices());
            readBeforeStatus = false;
            markHolds(read.held());
            again();
        }, error -> {
            refreshing = false;
            status.set(Messages.text("ui.devices.read-failed", error.getMessage()));
            again();
        });
    }

    /** Re-reads only these disks: what the kernel said changed. Rows of disks that are gone go too. */
    public void refresh(Set<String> names) {
        if (refreshing) {
            // only these, once the running read ends: with 200 disks a whole scan costs a second of CPU
            refreshAgain.addAll(names);
            return;
        }
        refreshing = true;
        long version = statusVersion;
        tasks.run(() -> new Read(service.devices(names), holdsNow()), read -> {
            refreshing = false;
            markHolds(read.held());
            readBeforeStatus = version != statusVersion;
            applySome(names, read.devices().stream().filter(d -> !d.isDetachedLoop()).toList());
            readBeforeStatus = false;
            markHolds(read.held());
            again();
        }, error -> {
            refreshing = false;
            status.set(Messages.text("ui.devices.read-failed", error.getMessage()));
            again();
        });
    }

    private record Read(List<BlockDevice> devices, Map<String, io.github.elevator.app.HeldDevices.Hold> held) {
    }

    /** Updates, adds and removes the rows of {@code names} only; every other row stays as it is. */
    void applySome(Set<String> names, List<BlockDevice> found) {
        Map<String, BlockDevice> byName = new HashMap<>();
        for (BlockDevice d : found) byName.put(d.name(), d);
        rows.removeIf(row -> names.contains(row.name()) && !byName.containsKey(row.name()) && !row.busyProperty().get());
        Map<String, DeviceRow> rowsByName = new HashMap<>();
        for (DeviceRow row : rows) rowsByName.put(row.name(), row);
        List<DeviceRow> added = new ArrayList<>();
        for (BlockDevice d : found) {
            DeviceRow row = rowsByName.get(d.name());
            if (row == null) added.add(new DeviceRow(d));
            else if (!row.busyProperty().get()) row.update(d);
        }
        add(added);
        statusStillTrue();
    }

    private void again() {
        if (refreshAllAgain) {
            refreshAllAgain = false;
            refreshAgain.clear();
            refresh();
        } else if (!refreshAgain.isEmpty()) {
            Set<String> names = Set.copyOf(refreshAgain);
            refreshAgain.clear();
            refresh(names);
        }
    }

    /** Shows devices read elsewhere: the first scan, made while the window is being built. */
    public void show(List<BlockDevice> devices) {
        apply(devices.stream().filter(d -> !d.isDetachedLoop()).toList());
    }

    /** Updates rows in place so selections and open choosers survive; adds and removes the rest. */
    void apply(List<BlockDevice> devices) {
        Map<String, DeviceRow> byName = new HashMap<>();
        for (DeviceRow row : rows) byName.put(row.name(), row);
        Set<String> present = devices.stream().map(BlockDevice::name).collect(Collectors.toSet());
        rows.removeIf(row -> !present.contains(row.name()) && !row.busyProperty().get());
        List<DeviceRow> added = new ArrayList<>();
        for (BlockDevice d : devices) {
            DeviceRow row = byName.get(d.name());
            if (row == null) {
                added.add(new DeviceRow(d));
            } else if (!row.busyProperty().get()) {
                row.update(d);
            }
        }
        add(added);
        statusStillTrue();
    }

    /**
     * Puts new rows in their places in the list's order ({@link DeviceOrder}). Many at once (the first scan) in one change
     * of the list: each change is laid out and marked with the rules again, which one at a time
     * cost the window's start time for every device of 200.
     */
    private void add(List<DeviceRow> added) {
        if (added.size() == 1) {
            rows.add(Math.min(indexFor(added.get(0).device()), rows.size()), added.get(0));
        } else if (!added.isEmpty()) {
            List<DeviceRow> all = new ArrayList<>(rows);
            all.addAll(added);
            all.sort(java.util.Comparator.comparing(DeviceRow::device, DeviceOrder.DEVICES));
            rows.setAll(all);
        }
    }

    private int indexFor(BlockDevice device) {
        int i = 0;
        while (i < rows.size() && DeviceOrder.DEVICES.compare(rows.get(i).device(), device) < 0) i++;
        return i;
    }

    /** As {@link #requestSwitch(DeviceRow, String)}, for the device of that name when it is listed. */
    public void requestSwitch(String device, String scheduler) {
        rows.stream().filter(r -> r.name().equals(device)).findFirst().ifPresent(row -> requestSwitch(row, scheduler));
    }

    /** Asks the helper to switch; the row shows busy, then whatever the kernel reports afterwards. */
    public void requestSwitch(DeviceRow row, String scheduler) {
        if (scheduler == null || row.lockedProperty().get() || scheduler.equals(row.activeProperty().get())) return;
        row.setBusy(true);
        status.set(Messages.text("ui.devices.switching", row.name(), scheduler));
        tasks.run(() -> service.switchScheduler(row.name(), scheduler), now -> {
            row.update(now);
            row.setBusy(false);
            sayAbout(row.name(), now.active(), Messages.text("ui.devices.now-uses", row.name(), now.active()));
        }, error -> {
            row.setBusy(false);
            status.set(error.getMessage());
            refresh();
        });
    }

    /** A message for the status line, for things the window says on its own. */
    public void say(String message) {
        statusVersion++;
        statusDevice = null;
        statusScheduler = null;
        status.set(message);
    }

    /** A message that says {@code device} uses {@code scheduler}: replaced when the device changes from outside. */
    public void sayAbout(String device, String scheduler, String message) {
        say(message);
        statusDevice = device;
        statusScheduler = scheduler;
    }

    /** After rows were read again: a status line about a device that changed since, or went away, is replaced by what is true. */
    private void statusStillTrue() {
        // a read begun before the message may show what the message already replaced (a sweep's last switch before its restore)
        if (statusDevice == null || readBeforeStatus) return;
        DeviceRow row = rows.stream().filter(r -> r.name().equals(statusDevice)).findFirst().orElse(null);
        // a benchmark of this window switches the device itself: no change from outside
        if (row != null && row.benchmarkedProperty().get() && row.heldByProperty().get() == null) return;
        String now = row == null ? null : row.activeProperty().get();
        if (row == null) say(Messages.text("ui.devices.went-away", statusDevice));
        else if (now != null && !now.equals(statusScheduler)) sayAbout(row.name(), now, Messages.text("ui.devices.changed-outside", row.name(), now));
    }
}
