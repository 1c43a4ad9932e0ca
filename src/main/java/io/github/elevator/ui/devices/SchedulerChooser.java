package io.github.elevator.ui.devices;

import javafx.beans.InvalidationListener;
import javafx.collections.FXCollections;
import javafx.scene.control.ComboBox;

import java.util.function.BiConsumer;

/**
 * A dropdown of one device's schedulers that shows what the kernel reports. A choice by the
 * user is handed to {@code onChoice}; the dropdown then follows the row again, so a failed
 * switch falls back to the real state.
 */
final class SchedulerChooser extends ComboBox<String> {
    private final BiConsumer<DeviceRow, String> onChoice;
    private final InvalidationListener follow = o -> syncFromRow();
    private DeviceRow row;
    private boolean syncing;

    SchedulerChooser(BiConsumer<DeviceRow, String> onChoice) {
        this.onChoice = onChoice;
        setMaxWidth(Double.MAX_VALUE);
        valueProperty().addListener((obs, old, chosen) -> {
            if (!syncing && row != null && chosen != null && !chosen.equals(row.activeProperty().get())) {
                onChoice.accept(row, chosen);
            }
        });
    }

    void show(DeviceRow newRow) {
        if (row == newRow) return;
        if (row != null) {
            row.activeProperty().removeListener(follow);
            row.busyProperty().removeListener(follow);
        }
        row = newRow;
        if (row != null) {
            row.activeProperty().addListener(follow);
            row.busyProperty().addListener(follow);
        }
        syncFromRow();
    }

    private void syncFromRow() {
        syncing = true;
        try {
            if (row == null) {
                setItems(FXCollections.observableArrayList());
                setValue(null);
                setDisable(true);
                return;
            }
            if (getItems() != row.schedulers()) setItems(row.schedulers());
            if (!row.busyProperty().get()) setValue(row.activeProperty().get());
            setDisable(row.busyProperty().get() || row.schedulers().isEmpty());
        } finally {
            syncing = false;
        }
    }
}
