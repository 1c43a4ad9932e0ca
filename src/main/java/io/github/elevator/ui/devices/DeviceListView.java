package io.github.elevator.ui.devices;

import io.github.elevator.ui.AfterFirstFrame;
import io.github.elevator.ui.LazyTooltip;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;

import java.util.function.Function;

/** The device table on the left and the selected device's details on the right. */
public final class DeviceListView extends SplitPane {
    private final DeviceListViewModel model;
    private final TableView<DeviceRow> table = new TableView<>();

    public DeviceListView(DeviceListViewModel model) {
        this(model, null);
    }

    /** With {@code ruleActions}, the details offer to make the current scheduler a rule. */
    public DeviceListView(DeviceListViewModel model, RuleActions ruleActions) {
        this.model = model;
        table.setId("devices");
        table.setItems(model.rows());
        table.setPlaceholder(new Label("Reading block devices…"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(iconColumn());
        table.getColumns().add(textColumn("Device", 90, DeviceRow::name));
        table.getColumns().add(textColumn("Model", 170, DeviceRow::model));
        table.getColumns().add(textColumn("Size", 80, DeviceRow::size));
        table.getColumns().add(textColumn("Kind", 90, DeviceRow::kind));
        table.getColumns().add(textColumn("Type", 140, DeviceRow::flags));
        table.getColumns().add(textColumn("Mounted at", 110, DeviceRow::mountPoints));
        table.getColumns().add(schedulerColumn());
        table.getColumns().add(ruleColumn());
        // The details come once the list is on screen: the list is what the window opens for.
        StackPane detailsSlot = new StackPane();
        detailsSlot.setMinWidth(DeviceDetails.MIN_WIDTH);
        AfterFirstFrame.run(this, () -> {
            DeviceDetails details = new DeviceDetails(model, ruleActions);
            details.rowProperty().bind(table.getSelectionModel().selectedItemProperty());
            detailsSlot.getChildren().setAll(details);
        });
        getItems().addAll(table, detailsSlot);
        setDividerPositions(0.68);
        model.rows().addListener((javafx.collections.ListChangeListener<DeviceRow>) c -> {
            if (table.getSelectionModel().isEmpty() && !model.rows().isEmpty()) table.getSelectionModel().select(0);
        });
    }

    public TableView<DeviceRow> table() {
        return table;
    }

    private TableColumn<DeviceRow, DeviceRow> iconColumn() {
        TableColumn<DeviceRow, DeviceRow> col = new TableColumn<>("");
        col.setPrefWidth(34);
        col.setMaxWidth(40);
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(c -> new TableCell<>() {
            {
                LazyTooltip.install(this, () -> isEmpty() || getItem() == null ? null : DeviceIcons.describe(getItem().device()));
            }

            @Override
            protected void updateItem(DeviceRow row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setGraphic(null);
                } else {
                    setGraphic(DeviceIcons.forDevice(row.device()));
                    setAccessibleText(DeviceIcons.describe(row.device()));
                }
            }
        });
        return col;
    }

    private static TableColumn<DeviceRow, String> textColumn(String title, double width, Function<DeviceRow, String> text) {
        TableColumn<DeviceRow, String> col = new TableColumn<>(title);
        col.setPrefWidth(width);
        col.setCellValueFactory(c -> textOf(c.getValue(), text));
        return col;
    }

    private static ObservableValue<String> textOf(DeviceRow row, Function<DeviceRow, String> text) {
        return Bindings.createStringBinding(() -> text.apply(row), row.deviceProperty());
    }

    private TableColumn<DeviceRow, DeviceRow> schedulerColumn() {
        TableColumn<DeviceRow, DeviceRow> col = new TableColumn<>("Scheduler");
        col.setPrefWidth(175);
        col.setMinWidth(165);
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(c -> new SchedulerCell(model::requestSwitch));
        return col;
    }

    /** Whether the row's scheduler comes from one of Elevator's rules ("usb"), or differs from it ("⚠ usb: bfq"). */
    private static TableColumn<DeviceRow, DeviceRow> ruleColumn() {
        TableColumn<DeviceRow, DeviceRow> col = new TableColumn<>("Rule");
        col.setPrefWidth(90);
        col.setSortable(false);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setCellFactory(c -> new TableCell<>() {
            private final javafx.beans.value.ChangeListener<Object> follow = (o, a, b) -> show(getItem());

            {
                LazyTooltip.install(this, () -> {
                    var status = isEmpty() || getItem() == null ? null : getItem().ruleStatusProperty().get();
                    return status == null || status.rule() == null ? null : status.text();
                });
            }

            @Override
            protected void updateItem(DeviceRow row, boolean empty) {
                DeviceRow old = getItem();
                if (old != null) old.ruleStatusProperty().removeListener(follow);
                super.updateItem(row, empty);
                if (!empty && row != null) row.ruleStatusProperty().addListener(follow);
                show(empty ? null : row);
            }

            private void show(DeviceRow row) {
                var status = row == null ? null : row.ruleStatusProperty().get();
                boolean warning = status != null && status.warning();
                setText(status == null ? null : status.mark());
                setId(row == null ? null : "rule-" + row.name());
                getStyleClass().remove("rule-warning");
                if (warning) getStyleClass().add("rule-warning");
            }
        });
        return col;
    }

    static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        grid.setPadding(new Insets(6, 0, 0, 0));
        return grid;
    }
}
