package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.ui.startup.AfterFirstFrame;
import io.github.elevator.ui.startup.Coming;
import javafx.geometry.Insets;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;

/** The device list and the selected device's details, made together and followed together, for the window to place. */
public final class DeviceViews {
    /**
     * The details' width: room for the usual model, serial and mount point on a line, and for
     * the longest settings' names (bfq's) beside their fields.
     */
    public static final double DETAILS_WIDTH = 340;
    private final DeviceTable table;
    private final ScrollPane details = new ScrollPane();
    private final DeviceListViewModel model;
    private final RuleActions ruleActions;
    private boolean detailsBuilt;

    public DeviceViews(DeviceListViewModel model) {
        this(model, null);
    }

    /** With {@code ruleActions}, the details offer to make the current scheduler a rule. */
    public DeviceViews(DeviceListViewModel model, RuleActions ruleActions) {
        this.model = model;
        this.ruleActions = ruleActions;
        table = new DeviceTable(model.shown(), model::requestSwitch);
        table.setId("devices");
        model.inViewProperty().bind(table.inViewProperty());
        details.setId("details");
        details.setFitToWidth(true);
        details.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        details.setMinWidth(DeviceDetails.MIN_WIDTH);
        details.setPrefWidth(DETAILS_WIDTH);
        details.getStyleClass().add("details-pane");
        // The details come once the list is on screen: the list is what the window opens for.
        details.setContent(Coming.placeholder("details-coming", Messages.text("ui.startup.details-coming")));
        AfterFirstFrame.run(table, this::buildDetails);
    }

    /**
     * Puts the selected device's details in place of the line that says they are coming, once: the
     * window calls it as soon as its own first frame is drawn, which comes before the table's (the
     * table is in the scene only once the split pane around it has its skin).
     */
    public void buildDetails() {
        if (detailsBuilt) return;
        detailsBuilt = true;
        DeviceDetails shown = new DeviceDetails(model, ruleActions);
        shown.rowProperty().bind(table.selectedProperty());
        shown.onSelectDevice(name -> model.rows().stream().filter(r -> r.device().name().equals(name)).findFirst().ifPresent(row -> {
            // a disk of the stack that the list leaves out (a loop device among many) is listed again to be selected
            if (!model.shown().contains(row)) model.showLoopDevicesProperty().set(true);
            table.select(row);
        }));
        details.setContent(shown);
    }

    public DeviceTable table() {
        return table;
    }

    /** The selected device's details, scrolling where the window is too small for them. */
    public ScrollPane details() {
        return details;
    }

    static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        grid.setPadding(new Insets(6, 0, 0, 0));
        return grid;
    }
}
