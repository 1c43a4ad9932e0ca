package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.rules.RuleStatus;
import io.github.elevator.ui.common.LazyTooltip;
import javafx.beans.InvalidationListener;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A line of the {@link DeviceTable}: a background that takes clicks and shows the selection, and a
 * node per column, all following the row it shows. The table has lines only for the rows in view,
 * and hands a line another row as the list scrolls.
 */
final class DeviceLine {
    private static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
    private static final PseudoClass GROUP_START = PseudoClass.getPseudoClass("group-start");
    /** The text each column shows; null for the icon and the scheduler, which are not text. */
    static final List<Function<DeviceRow, String>> TEXTS = Arrays.asList(null, DeviceRow::name, DeviceRow::model,
            DeviceRow::size, DeviceRow::kind, DeviceRow::flags, DeviceRow::mountPoints, null, DeviceLine::ruleMark);

    private final Region background = new Region();
    private final StackPane icon = new StackPane();
    private final Label[] texts = new Label[TEXTS.size()];
    private final SchedulerBox scheduler;
    private final List<Node> columns;
    private final InvalidationListener deviceChanged = o -> showDevice();
    private final InvalidationListener ruleChanged = o -> showRule();
    private final Runnable textsChanged;
    private DeviceRow row;

    /** {@code textsChanged} hears of every text the line shows anew, which may need a wider column. */
    DeviceLine(BiConsumer<DeviceRow, String> onChoice, Consumer<DeviceRow> select, Runnable textsChanged) {
        this.textsChanged = textsChanged;
        background.getStyleClass().add("device-line");
        background.setOnMousePressed(e -> {
            if (row != null) select.accept(row);
        });
        LazyTooltip.install(background, this::tooltip);
        icon.getStyleClass().add("device-cell");
        icon.setMouseTransparent(true);
        scheduler = new SchedulerBox(onChoice);
        scheduler.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
            if (row != null) select.accept(row);
        });
        Node[] nodes = new Node[TEXTS.size()];
        for (int column = 0; column < nodes.length; column++) {
            if (TEXTS.get(column) != null) nodes[column] = texts[column] = cell();
        }
        nodes[0] = icon;
        nodes[7] = scheduler;
        columns = List.of(nodes);
        // a truly long path keeps its start and its end, where paths differ most
        texts[6].setTextOverrun(javafx.scene.control.OverrunStyle.CENTER_ELLIPSIS);
    }

    private static Label cell() {
        Label label = new Label();
        label.getStyleClass().add("device-cell");
        label.setMouseTransparent(true);
        label.setMinWidth(0);
        return label;
    }

    static String ruleMark(DeviceRow row) {
        RuleStatus status = row.ruleStatusProperty().get();
        return status == null ? null : status.mark();
    }

    /** The row shown, or null. */
    DeviceRow row() {
        return row;
    }

    /** Shows {@code newRow} from now on; null lets go of the row shown. */
    void show(DeviceRow newRow) {
        if (row == newRow) return;
        if (row != null) {
            row.deviceProperty().removeListener(deviceChanged);
            row.ruleStatusProperty().removeListener(ruleChanged);
        }
        row = newRow;
        scheduler.show(row);
        if (row == null) return;
        texts[1].setId("name-" + row.name());
        texts[8].setId("rule-" + row.name());
        row.deviceProperty().addListener(deviceChanged);
        row.ruleStatusProperty().addListener(ruleChanged);
        showDevice();
        showRule();
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
        if (background.getPseudoClassStates().contains(SELECTED) == selected) return;
        background.pseudoClassStateChanged(SELECTED, selected);
        for (Node node : columns) node.pseudoClassStateChanged(SELECTED, selected);
    }

    /** Marks the line as the first of the devices built in software, below the disks. */
    void setGroupStart(boolean first) {
        if (background.getPseudoClassStates().contains(GROUP_START) != first) background.pseudoClassStateChanged(GROUP_START, first);
    }

    private void showDevice() {
        String what = DeviceIcons.describe(row.device());
        if (!what.equals(icon.getAccessibleText())) {
            icon.getChildren().setAll(DeviceIcons.forDevice(row.device()));
            icon.setAccessibleText(what);
        }
        boolean changed = false;
        for (int column = 0; column < texts.length; column++) {
            if (texts[column] != null && column != 8) changed |= show(texts[column], TEXTS.get(column).apply(row));
        }
        String active = row.activeProperty().get();
        background.setAccessibleText(active == null ? Messages.text("ui.devices.line.no-scheduler", row.name(), what, row.size())
                : Messages.text("ui.devices.line.scheduler", row.name(), what, row.size(), active));
        if (changed) textsChanged.run();
    }

    private void showRule() {
        RuleStatus status = row.ruleStatusProperty().get();
        Label rule = texts[8];
        boolean changed = show(rule, ruleMark(row));
        boolean warning = status != null && status.warning();
        if (warning != rule.getStyleClass().contains("rule-warning")) {
            if (warning) rule.getStyleClass().add("rule-warning");
            else rule.getStyleClass().remove("rule-warning");
        }
        if (changed) textsChanged.run();
    }

    /** Polled every second, so only what differs is set: each change costs a layout pass. */
    private static boolean show(Label label, String text) {
        if (Objects.equals(label.getText(), text)) return false;
        label.setText(text);
        return true;
    }

    private String tooltip() {
        if (row == null) return null;
        RuleStatus status = row.ruleStatusProperty().get();
        String what = row.name() + (row.device().displayModel().isEmpty() ? "" : " — " + row.device().displayModel())
                + "\n" + DeviceIcons.describe(row.device())
                + (row.device().mountPoints().isEmpty() ? "" : "\n" + Messages.text("ui.devices.line.mounted", String.join(", ", row.device().mountPoints())));
        return status == null || status.rule() == null ? what : what + "\n" + status.text();
    }
}
