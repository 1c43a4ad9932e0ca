package io.github.elevator.ui.devices;

import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

import java.util.function.BiConsumer;

/** The scheduler dropdown inside a table row, with a spinner while a switch runs. */
final class SchedulerCell extends TableCell<DeviceRow, DeviceRow> {
    private final SchedulerChooser chooser;
    private final ProgressIndicator spinner = new ProgressIndicator();
    private final Label none = new Label("no scheduler");
    private final HBox box;

    SchedulerCell(BiConsumer<DeviceRow, String> onChoice) {
        chooser = new SchedulerChooser(onChoice);
        chooser.setFocusTraversable(false);
        spinner.setPrefSize(16, 16);
        spinner.setMaxSize(16, 16);
        none.getStyleClass().add("dim");
        HBox.setHgrow(chooser, Priority.ALWAYS);
        box = new HBox(6, chooser, spinner);
        box.setFillHeight(false);
    }

    @Override
    protected void updateItem(DeviceRow row, boolean empty) {
        super.updateItem(row, empty);
        spinner.visibleProperty().unbind();
        if (empty || row == null) {
            chooser.show(null);
            setGraphic(null);
            return;
        }
        chooser.show(row);
        chooser.setId("scheduler-" + row.name());
        spinner.visibleProperty().bind(row.busyProperty());
        setGraphic(row.schedulers().isEmpty() ? none : box);
    }
}
