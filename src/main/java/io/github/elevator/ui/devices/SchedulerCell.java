package io.github.elevator.ui.devices;

import javafx.beans.InvalidationListener;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import java.util.function.BiConsumer;

/**
 * The scheduler dropdown inside a table row, with a spinner while a switch runs. The spinner is
 * made on the first switch, not with every row: an idle one still costs start-up time.
 */
final class SchedulerCell extends TableCell<DeviceRow, DeviceRow> {
    private final SchedulerChooser chooser;
    private final HBox box;
    private final InvalidationListener busyChanged = o -> showSpinner();
    private ProgressIndicator spinner;
    private Label none;

    SchedulerCell(BiConsumer<DeviceRow, String> onChoice) {
        chooser = new SchedulerChooser(onChoice);
        chooser.setFocusTraversable(false);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        Region spinnerSpace = new Region();
        spinnerSpace.setPrefSize(16, 16);
        box = new HBox(6, chooser, spinnerSpace);
        box.setFillHeight(false);
    }

    @Override
    protected void updateItem(DeviceRow row, boolean empty) {
        DeviceRow old = getItem();
        if (old != null) old.busyProperty().removeListener(busyChanged);
        super.updateItem(row, empty);
        if (empty || row == null) {
            chooser.show(null);
            setGraphic(null);
            showSpinner();
            return;
        }
        chooser.show(row);
        chooser.setId("scheduler-" + row.name());
        row.busyProperty().addListener(busyChanged);
        showSpinner();
        setGraphic(row.schedulers().isEmpty() ? noScheduler() : box);
    }

    private void showSpinner() {
        DeviceRow row = getItem();
        boolean busy = !isEmpty() && row != null && row.busyProperty().get();
        if (busy && spinner == null) {
            spinner = new ProgressIndicator();
            spinner.setPrefSize(16, 16);
            spinner.setMaxSize(16, 16);
            box.getChildren().set(1, spinner);
        }
        if (spinner != null) spinner.setVisible(busy);
    }

    private Label noScheduler() {
        if (none == null) {
            none = new Label("no scheduler");
            none.getStyleClass().add("dim");
        }
        return none;
    }
}
