package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import javafx.beans.InvalidationListener;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import java.util.function.BiConsumer;

/**
 * A device's scheduler dropdown in its line of the list, with a spinner while a switch runs, or
 * "no scheduler". Until its first use the line shows a {@link SchedulerStandIn} that looks like the
 * closed dropdown: the real one is made when it is pressed, and opens at once, so one click opens
 * the list as before. The spinner too is made on the first switch, not with every line: an idle
 * one still costs start-up time.
 */
final class SchedulerBox extends HBox {
    static final double CHOOSER_WIDTH = 130;
    static final double SPINNER_SIZE = 16;
    static final double GAP = 6;
    /** The box's width: the dropdown, the gap and the spinner beside it, and the cell's padding (6 each side). */
    static final double WIDTH = CHOOSER_WIDTH + GAP + SPINNER_SIZE + 12;
    private final BiConsumer<DeviceRow, String> onChoice;
    private final SchedulerStandIn standIn = new SchedulerStandIn(this::openChooser);
    private final Region spinnerSpace = new Region();
    private final InvalidationListener busyChanged = o -> showSpinner();
    private SchedulerChooser chooser;
    private DeviceRow row;
    private ProgressIndicator spinner;
    private Label none;

    SchedulerBox(BiConsumer<DeviceRow, String> onChoice) {
        super(GAP);
        this.onChoice = onChoice;
        // its open list is wider (it says what each scheduler is for); the closed box need not be
        standIn.setPrefWidth(CHOOSER_WIDTH);
        HBox.setHgrow(standIn, Priority.ALWAYS);
        getStyleClass().add("device-cell");
        spinnerSpace.setPrefSize(SPINNER_SIZE, SPINNER_SIZE);
        setFillHeight(false);
        setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    }

    void show(DeviceRow newRow) {
        if (newRow == row) return;
        // a line scrolled out of view shows another device: a list left open would offer that device's schedulers
        if (chooser != null) chooser.cancel();
        if (row != null) row.busyProperty().removeListener(busyChanged);
        row = newRow;
        Region dropdown = chooser == null ? standIn : chooser;
        if (chooser == null) standIn.show(row);
        else chooser.show(row);
        if (row == null) {
            getChildren().clear();
            return;
        }
        dropdown.setId("scheduler-" + row.name());
        row.busyProperty().addListener(busyChanged);
        if (row.schedulers().isEmpty()) {
            getChildren().setAll(noScheduler());
        } else {
            getChildren().setAll(dropdown, spinner == null ? spinnerSpace : spinner);
            showSpinner();
        }
    }

    /** Puts the real dropdown where the stand-in was, at its size, and opens it. */
    private void openChooser() {
        if (chooser != null || row == null) return;
        chooser = new SchedulerChooser(onChoice);
        chooser.setFocusTraversable(false);
        chooser.setPrefWidth(CHOOSER_WIDTH);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        chooser.show(row);
        chooser.setId(standIn.getId());
        standIn.setId(null);
        standIn.show(null);
        getChildren().set(getChildren().indexOf(standIn), chooser);
        // laid out now, where the stand-in was: the list opens below the box, not at the line's corner
        chooser.applyCss();
        chooser.resizeRelocate(standIn.getLayoutX(), standIn.getLayoutY(), standIn.getWidth(), standIn.getHeight());
        chooser.layout();
        chooser.show();
    }

    private void showSpinner() {
        boolean busy = row != null && row.busyProperty().get();
        if (busy && spinner == null) {
            spinner = new ProgressIndicator();
            spinner.setPrefSize(SPINNER_SIZE, SPINNER_SIZE);
            spinner.setMaxSize(SPINNER_SIZE, SPINNER_SIZE);
            getChildren().replaceAll(node -> node == spinnerSpace ? spinner : node);
        }
        if (spinner != null) spinner.setVisible(busy);
    }

    private Label noScheduler() {
        if (none == null) {
            none = new Label(Messages.text("ui.devices.no-scheduler"));
            none.getStyleClass().add("dim");
        }
        return none;
    }
}
