package io.github.elevator.ui.devices;

import io.github.elevator.device.DeviceOrder;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * Which loop devices the list shows: every one while they are few; while they are many (a desktop
 * with snaps has dozens), only when the person asks for them, and the one a benchmark runs on
 * always, so that a run never goes on out of sight.
 */
final class LoopDevicesShown {
    /** Up to this many loop devices are always listed: they fit beside the disks. */
    static final int FEW = 4;
    private final ObservableList<DeviceRow> rows;
    private final FilteredList<DeviceRow> shown;
    private final BooleanProperty wanted = new SimpleBooleanProperty(this, "wanted", false);
    private final ReadOnlyBooleanWrapper offered = new ReadOnlyBooleanWrapper(this, "offered", false);
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper(this, "count", 0);
    private DeviceRow kept;

    LoopDevicesShown(ObservableList<DeviceRow> rows, FilteredList<DeviceRow> shown) {
        this.rows = rows;
        this.shown = shown;
        rows.addListener((ListChangeListener<DeviceRow>) change -> recount());
        wanted.addListener(o -> filter());
    }

    BooleanProperty wantedProperty() {
        return wanted;
    }

    ReadOnlyBooleanProperty offeredProperty() {
        return offered.getReadOnlyProperty();
    }

    ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    /** Keeps {@code row} listed while loop devices are left out (null: none). */
    void keepShown(DeviceRow row) {
        DeviceRow was = kept;
        kept = row;
        if (!all() && (isLoop(was) || isLoop(row))) filter();
    }

    private void recount() {
        int loops = (int) rows.stream().filter(LoopDevicesShown::isLoop).count();
        count.set(loops);
        if (offered.get() != loops > FEW) {
            offered.set(loops > FEW);
            filter();
        }
    }

    private boolean all() {
        return wanted.get() || !offered.get();
    }

    private void filter() {
        DeviceRow keep = kept;
        shown.setPredicate(all() ? null : row -> row == keep || !isLoop(row));
    }

    private static boolean isLoop(DeviceRow row) {
        return row != null && DeviceOrder.isLoop(row.device());
    }
}
