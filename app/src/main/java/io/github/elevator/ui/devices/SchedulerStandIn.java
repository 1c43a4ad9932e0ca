package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import javafx.beans.value.ChangeListener;
import javafx.scene.AccessibleAction;
import javafx.scene.AccessibleRole;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * What a device's line shows in place of its scheduler dropdown until the dropdown is first used:
 * the closed dropdown's look (the same style classes, so the theme draws both alike) at a
 * fraction of its cost. A dropdown's skin builds its list, cells and popup with it; two hundred
 * of them doubled the window's start. A press, or the accessibility action, asks {@code open} to
 * put the real dropdown in its place, opened.
 */
final class SchedulerStandIn extends HBox {
    private final Label text = new Label();
    // change listeners: invalidation listeners stay silent after a change nobody read
    private final ChangeListener<Object> follow = (o, was, now) -> syncFromRow();
    private final Runnable open;
    private DeviceRow row;

    SchedulerStandIn(Runnable open) {
        this.open = open;
        getStyleClass().setAll("combo-box-base", "combo-box", "scheduler-stand-in");
        text.getStyleClass().setAll("list-cell");
        text.setMaxWidth(Double.MAX_VALUE);
        text.setMinWidth(0);
        HBox.setHgrow(text, Priority.ALWAYS);
        StackPane arrowButton = new StackPane();
        arrowButton.getStyleClass().setAll("arrow-button");
        Region arrow = new Region();
        arrow.getStyleClass().setAll("arrow");
        // as the dropdown's own skin sizes it: the theme's shape at its padding, not stretched
        arrow.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        arrowButton.getChildren().add(arrow);
        arrowButton.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().setAll(text, arrowButton);
        setMaxWidth(Double.MAX_VALUE);
        setFillHeight(true);
        setAccessibleRole(AccessibleRole.BUTTON);
        setAccessibleRoleDescription(Messages.text("ui.devices.dropdown"));
        setOnMousePressed(e -> {
            if (e.isPrimaryButtonDown() && !isDisabled()) {
                e.consume();
                open.run();
            }
        });
    }

    void show(DeviceRow newRow) {
        if (row == newRow) return;
        if (row != null) {
            row.activeProperty().removeListener(follow);
            row.benchmarkedProperty().removeListener(follow);
            row.busyProperty().removeListener(follow);
        }
        row = newRow;
        if (row != null) {
            row.activeProperty().addListener(follow);
            row.benchmarkedProperty().addListener(follow);
            row.busyProperty().addListener(follow);
        }
        syncFromRow();
    }

    private void syncFromRow() {
        if (row == null) {
            text.setText(null);
            setDisable(true);
            return;
        }
        // as the dropdown: during its own switch it keeps showing the scheduler it had
        if (!row.busyProperty().get()) text.setText(row.activeProperty().get());
        setDisable(row.benchmarkedProperty().get() || row.schedulers().isEmpty());
        setAccessibleText(Messages.text("ui.devices.scheduler.of", row.name(), text.getText()));
    }

    @Override
    public void executeAccessibleAction(AccessibleAction action, Object... parameters) {
        if (action == AccessibleAction.FIRE && !isDisabled()) open.run();
        else super.executeAccessibleAction(action, parameters);
    }
}
