package io.github.elevator.ui.devices;

import io.github.elevator.device.SchedulerGuide;
import javafx.collections.FXCollections;
import javafx.scene.control.ComboBox;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

import java.util.function.BiConsumer;

/**
 * A dropdown of one device's schedulers that shows what the kernel reports. A choice is handed
 * to {@code onChoice} when the list closes (click or Enter), not while the arrow keys browse it,
 * so browsing never starts a switch; Escape closes it without one. The dropdown then follows the
 * row again, so a failed switch falls back to the real state.
 */
final class SchedulerChooser extends ComboBox<String> {
    private final BiConsumer<DeviceRow, String> onChoice;
    // change listeners, not invalidation listeners: those stay silent after a change nobody read
    private final javafx.beans.value.ChangeListener<Object> follow = (o, was, now) -> syncFromRow();
    private DeviceRow row;
    private boolean syncing;
    private boolean cancelled;

    SchedulerChooser(BiConsumer<DeviceRow, String> onChoice) {
        this.onChoice = onChoice;
        setMaxWidth(Double.MAX_VALUE);
        // the open list says what each scheduler is for; the closed box shows the name alone
        setCellFactory(list -> new GuideCell(true));
        setButtonCell(new GuideCell(false));
        valueProperty().addListener((obs, old, chosen) -> {
            if (!isShowing()) commit();
        });
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            boolean arrow = e.getCode() == KeyCode.UP || e.getCode() == KeyCode.DOWN;
            if (!isShowing() && arrow) {
                show();
                e.consume();
            } else if (isShowing() && e.getCode() == KeyCode.ESCAPE) {
                cancelled = true;
            }
        });
        setOnHidden(e -> {
            if (cancelled) syncFromRow();
            else commit();
            cancelled = false;
        });
    }

    /** A scheduler's name, and in the open list what it is for. */
    private static final class GuideCell extends javafx.scene.control.ListCell<String> {
        private final boolean withGuide;

        GuideCell(boolean withGuide) {
            this.withGuide = withGuide;
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                return;
            }
            setText(withGuide ? SchedulerGuide.line(item).map(l -> item + " — " + l).orElse(item) : item);
        }
    }

    private void commit() {
        String chosen = getValue();
        if (!syncing && row != null && chosen != null && !chosen.equals(row.activeProperty().get())) {
            onChoice.accept(row, chosen);
        }
    }

    /** Closes the open list without a choice: its line is about to show another device. */
    void cancel() {
        if (!isShowing()) return;
        cancelled = true;
        hide();
    }

    void show(DeviceRow newRow) {
        if (row == newRow) return;
        if (row != null) {
            row.activeProperty().removeListener(follow);
            row.lockedProperty().removeListener(follow);
        }
        row = newRow;
        if (row != null) {
            row.activeProperty().addListener(follow);
            row.lockedProperty().addListener(follow);
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
            // not disabled while its own switch runs: a disabled control loses the keyboard focus, which
            // then jumped to some other control after Alt+S, arrows, Enter; choices are ignored meanwhile
            setDisable(row.benchmarkedProperty().get() || row.schedulers().isEmpty());
        } finally {
            syncing = false;
        }
    }
}
