package io.github.elevator.ui.devices;

import javafx.beans.InvalidationListener;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import java.util.function.BiConsumer;

/**
 * A device's scheduler dropdown in its line of the list, with a spinner while a switch runs, or
 * "no scheduler". The spinner is made on the first switch, not with every line: an idle one
 * still costs start-up time.
 */
final class SchedulerBox extends HBox {
    static final double CHOOSER_WIDTH = 150;
    private final SchedulerChooser chooser;
    private final Region spinnerSpace = new Region();
    private final InvalidationListener busyChanged = o -> showSpinner();
    private DeviceRow row;
    private ProgressIndicator spinner;
    private Label none;

    SchedulerBox(BiConsumer<DeviceRow, String> onChoice) {
        super(6);
        chooser = new SchedulerChooser(onChoice);
        chooser.setFocusTraversable(false);
        // its open list is wider (it says what each scheduler is for); the closed box need not be
        chooser.setPrefWidth(CHOOSER_WIDTH);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        getStyleClass().add("device-cell");
        spinnerSpace.setPrefSize(16, 16);
        setFillHeight(false);
        setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    }

    void show(DeviceRow newRow) {
        if (row != null) row.busyProperty().removeListener(busyChanged);
        row = newRow;
        chooser.show(row);
        if (row == null) {
            getChildren().clear();
            return;
        }
        chooser.setId("scheduler-" + row.name());
        row.busyProperty().addListener(busyChanged);
        if (row.schedulers().isEmpty()) {
            getChildren().setAll(noScheduler());
        } else {
            getChildren().setAll(chooser, spinner == null ? spinnerSpace : spinner);
            showSpinner();
        }
    }

    private void showSpinner() {
        boolean busy = row != null && row.busyProperty().get();
        if (busy && spinner == null) {
            spinner = new ProgressIndicator();
            spinner.setPrefSize(16, 16);
            spinner.setMaxSize(16, 16);
            getChildren().replaceAll(node -> node == spinnerSpace ? spinner : node);
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
