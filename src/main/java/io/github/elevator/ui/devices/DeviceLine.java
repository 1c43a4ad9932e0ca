package io.github.elevator.ui.devices;

import io.github.elevator.rules.RuleStatus;
import io.github.elevator.ui.LazyTooltip;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One device's line in the {@link DeviceTable}: a background that takes clicks and shows the
 * selection, and a node per column, all following the device's row.
 */
final class DeviceLine {
    private static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");

    private final DeviceRow row;
    private final Region background = new Region();
    private final StackPane icon = new StackPane();
    private final Label name = cell();
    private final Label model = cell();
    private final Label size = cell();
    private final Label kind = cell();
    private final Label flags = cell();
    private final Label mounts = cell();
    private final SchedulerBox scheduler;
    private final Label rule = cell();
    private final List<Node> columns;

    DeviceLine(DeviceRow row, BiConsumer<DeviceRow, String> onChoice, Consumer<DeviceRow> select) {
        this.row = row;
        background.getStyleClass().add("device-line");
        background.setOnMousePressed(e -> select.accept(row));
        LazyTooltip.install(background, this::tooltip);
        icon.getStyleClass().add("device-cell");
        icon.setMouseTransparent(true);
        name.setId("name-" + row.name());
        rule.setId("rule-" + row.name());
        // a truly long path keeps its start and its end, where paths differ most
        mounts.setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
        scheduler = new SchedulerBox(onChoice);
        scheduler.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> select.accept(row));
        scheduler.show(row);
        columns = List.of(icon, name, model, size, kind, flags, mounts, scheduler, rule);
        row.deviceProperty().addListener(o -> showDevice());
        row.ruleStatusProperty().addListener(o -> showRule());
        showDevice();
        showRule();
    }

    private static Label cell() {
        Label label = new Label();
        label.getStyleClass().add("device-cell");
        label.setMouseTransparent(true);
        label.setMinWidth(0);
        return label;
    }

    Region background() {
        return background;
    }

    /** The line's nodes, for the grid to hold: the background first, under the columns. */
    List<Node> nodes() {
        List<Node> all = new java.util.ArrayList<>(columns.size() + 1);
        all.add(background);
        all.addAll(columns);
        return all;
    }

    /** Moves the line's nodes to row {@code index} of the grid that holds them. */
    void moveTo(int index) {
        if (Integer.valueOf(index).equals(GridPane.getRowIndex(background))) return;
        GridPane.setConstraints(background, 0, index, GridPane.REMAINING, 1);
        for (int column = 0; column < columns.size(); column++) GridPane.setConstraints(columns.get(column), column, index);
    }

    void setSelected(boolean selected) {
        background.pseudoClassStateChanged(SELECTED, selected);
        for (Node node : columns) node.pseudoClassStateChanged(SELECTED, selected);
    }

    private void showDevice() {
        String what = DeviceIcons.describe(row.device());
        if (!what.equals(icon.getAccessibleText())) {
            icon.getChildren().setAll(DeviceIcons.forDevice(row.device()));
            icon.setAccessibleText(what);
        }
        show(name, row.name());
        show(model, row.model());
        show(size, row.size());
        show(kind, row.kind());
        show(flags, row.flags());
        show(mounts, row.mountPoints());
        background.setAccessibleText(row.name() + ", " + what + ", " + row.size()
                + (row.activeProperty().get() == null ? ", no scheduler" : ", scheduler " + row.activeProperty().get()));
    }

    private void showRule() {
        RuleStatus status = row.ruleStatusProperty().get();
        show(rule, status == null ? null : status.mark());
        boolean warning = status != null && status.warning();
        if (warning != rule.getStyleClass().contains("rule-warning")) {
            if (warning) rule.getStyleClass().add("rule-warning");
            else rule.getStyleClass().remove("rule-warning");
        }
    }

    /** Polled every second, so only what differs is set: each change costs a layout pass. */
    private static void show(Label label, String text) {
        if (!java.util.Objects.equals(label.getText(), text)) label.setText(text);
    }

    private String tooltip() {
        RuleStatus status = row.ruleStatusProperty().get();
        String what = row.name() + (row.device().displayModel().isEmpty() ? "" : " — " + row.device().displayModel())
                + "\n" + DeviceIcons.describe(row.device())
                + (row.device().mountPoints().isEmpty() ? "" : "\nmounted at " + String.join(", ", row.device().mountPoints()));
        return status == null || status.rule() == null ? what : what + "\n" + status.text();
    }
}
