package io.github.elevator.ui.devices;

import io.github.elevator.ui.AfterFirstFrame;
import javafx.geometry.Insets;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.GridPane;

/** A pane: the device list on the left and the selected device's details on the right. */
public final class DevicesPane extends SplitPane {
    private final DeviceTable table;

    public DevicesPane(DeviceListViewModel model) {
        this(model, null);
    }

    /** With {@code ruleActions}, the details offer to make the current scheduler a rule. */
    public DevicesPane(DeviceListViewModel model, RuleActions ruleActions) {
        table = new DeviceTable(model.rows(), model::requestSwitch);
        table.setId("devices");
        model.inViewProperty().bind(table.inViewProperty());
        // The details come once the list is on screen: the list is what the window opens for.
        ScrollPane detailsSlot = new ScrollPane();
        detailsSlot.setId("details");
        detailsSlot.setFitToWidth(true);
        detailsSlot.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        detailsSlot.setMinWidth(DeviceDetails.MIN_WIDTH);
        detailsSlot.getStyleClass().add("details-pane");
        AfterFirstFrame.run(this, () -> {
            DeviceDetails details = new DeviceDetails(model, ruleActions);
            details.rowProperty().bind(table.selectedProperty());
            details.onSelectDevice(name -> model.rows().stream().filter(r -> r.device().name().equals(name)).findFirst().ifPresent(table::select));
            detailsSlot.setContent(details);
        });
        getItems().addAll(table, detailsSlot);
        SplitPane.setResizableWithParent(detailsSlot, false);
        setDividerPositions(0.66);
    }

    public DeviceTable table() {
        return table;
    }

    static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        grid.setPadding(new Insets(6, 0, 0, 0));
        return grid;
    }
}
