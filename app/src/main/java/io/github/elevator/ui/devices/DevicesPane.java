package io.github.elevator.ui.devices;

import io.github.elevator.ui.AfterFirstFrame;
import javafx.geometry.Insets;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.GridPane;

/** A pane: the device list on the left and the selected device's details on the right. */
public final class DevicesPane extends SplitPane {
    /**
     * The details' width when the window opens (less on a small screen): room for the usual model
     * and path on a line, the rest to the list.
     */
    static final double DETAILS_WIDTH = 330;
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
        // the details start at a fixed width and keep it; the list takes the rest and every pixel won
        setDividerPositions(0.66);
        widthProperty().addListener(new javafx.beans.InvalidationListener() {
            @Override
            public void invalidated(javafx.beans.Observable o) {
                if (getWidth() <= 0) return;
                widthProperty().removeListener(this);
                double details = Math.max(DeviceDetails.MIN_WIDTH + 20, Math.min(DETAILS_WIDTH, getWidth() * 0.27));
                setDividerPositions(Math.max(0.5, 1 - details / getWidth()));
            }
        });
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
