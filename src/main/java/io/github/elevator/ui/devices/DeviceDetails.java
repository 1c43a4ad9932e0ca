package io.github.elevator.ui.devices;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The selected device: what it is, and its scheduler dropdown reachable from the keyboard
 * (Alt+S focuses it, arrows choose, Enter or Space confirms).
 */
final class DeviceDetails extends VBox {
    static final double MIN_WIDTH = 240;
    private static final KeyCombination FOCUS_SCHEDULER = new KeyCodeCombination(KeyCode.S, KeyCombination.ALT_DOWN);
    private final ObjectProperty<DeviceRow> row = new SimpleObjectProperty<>();
    private final Label title = new Label();
    private final Label subtitle = new Label();
    private final SchedulerChooser chooser;
    private final GridPane facts = DeviceListView.grid();
    private java.util.function.Consumer<String> selectDevice = name -> { };
    private final StackView stack = new StackView(name -> selectDevice.accept(name));
    private final TunablesView tunables = new TunablesView();

    private final RuleActions ruleActions;
    private final Label ruleLine = new Label();
    private final javafx.scene.control.Button useForKind = new javafx.scene.control.Button();
    private final javafx.scene.control.Button useForDevice = new javafx.scene.control.Button();

    DeviceDetails(DeviceListViewModel model, RuleActions ruleActions) {
        super(10);
        this.ruleActions = ruleActions;
        setPadding(new javafx.geometry.Insets(12));
        setMinWidth(MIN_WIDTH);
        title.getStyleClass().add("details-title");
        subtitle.getStyleClass().add("dim");
        subtitle.setWrapText(true);
        chooser = new SchedulerChooser(model::requestSwitch);
        chooser.setId("details-scheduler");
        Label label = new Label("_Scheduler");
        label.setMnemonicParsing(true);
        label.setLabelFor(chooser);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        HBox schedulerLine = new HBox(8, label, chooser);
        schedulerLine.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        getChildren().addAll(title, subtitle, schedulerLine, facts, stack, tunables);
        if (ruleActions != null) getChildren().add(rulePart());
        // Alt+S from anywhere in the window, also when the label's mnemonic is not offered (no Alt underline mode)
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) scene.getAccelerators().put(FOCUS_SCHEDULER, chooser::requestFocus);
        });
        row.addListener((obs, old, now) -> {
            if (old != null) old.deviceProperty().removeListener(this::deviceChanged);
            if (now != null) now.deviceProperty().addListener(this::deviceChanged);
            if (old != null) old.ruleStatusProperty().removeListener(this::ruleChanged);
            if (now != null) now.ruleStatusProperty().addListener(this::ruleChanged);
            chooser.show(now);
            render();
        });
        render();
    }

    /** What a click on a disk in the stack view does: select that device in the list. */
    void onSelectDevice(java.util.function.Consumer<String> select) {
        this.selectDevice = select;
    }

    ObjectProperty<DeviceRow> rowProperty() {
        return row;
    }

    private void deviceChanged(javafx.beans.value.ObservableValue<? extends BlockDevice> o, BlockDevice a, BlockDevice b) {
        render();
    }

    private void ruleChanged(javafx.beans.value.ObservableValue<?> o, Object a, Object b) {
        render();
    }

    /** Where the scheduler comes from, and the two ways to make the current one stick. */
    private VBox rulePart() {
        ruleLine.setId("details-rule");
        ruleLine.setWrapText(true);
        useForKind.setId("use-for-kind");
        useForDevice.setId("use-for-device");
        useForKind.setWrapText(true);
        useForDevice.setWrapText(true);
        useForKind.setOnAction(e -> ruleActions.useForKind(row.get(), row.get().device().active()));
        useForDevice.setOnAction(e -> ruleActions.useForThisDevice(row.get(), row.get().device().active()));
        VBox part = new VBox(6, ruleLine, useForKind, useForDevice);
        part.setPadding(new javafx.geometry.Insets(6, 0, 0, 0));
        return part;
    }

    private void renderRule(DeviceRow r) {
        if (ruleActions == null) return;
        var status = r == null ? null : r.ruleStatusProperty().get();
        String active = r == null ? null : r.device().active();
        boolean show = status != null && active != null;
        useForKind.setVisible(show);
        useForDevice.setVisible(show);
        ruleLine.setText(show ? status.text() : "");
        ruleLine.setTooltip(show ? new javafx.scene.control.Tooltip(status.text()) : null);
        ruleLine.getStyleClass().remove("rule-warning");
        if (show && status.warning()) ruleLine.getStyleClass().add("rule-warning");
        if (!show) return;
        useForKind.setText(status.kind() == null ? "No rule can name this kind of device"
                : "Use " + active + " for every " + status.kind().noun());
        useForKind.setDisable(status.kind() == null || r.busyProperty().get());
        useForDevice.setText(status.identity() == null ? "No WWN or serial to name this device alone"
                : "Use " + active + " for this device only");
        useForDevice.setDisable(status.identity() == null || r.busyProperty().get());
    }

    private void render() {
        facts.getChildren().clear();
        DeviceRow r = row.get();
        renderRule(r);
        stack.show(r == null ? null : r.device());
        tunables.show(r == null ? null : r.device());
        if (r == null) {
            title.setText("No device selected");
            subtitle.setText("Choose a device on the left.");
            return;
        }
        BlockDevice d = r.device();
        title.setText(d.name() + (d.displayModel().isEmpty() ? "" : " — " + d.displayModel()));
        subtitle.setText(DeviceIcons.describe(d) + " · " + ByteSize.human(d.sizeBytes()) + " · " + r.flags());
        int line = 0;
        line = fact(line, "Offers", d.hasScheduler() ? String.join(", ", d.schedulers())
                : "no scheduler: the kernel passes requests straight to the device");
        line = fact(line, "Vendor", d.vendor());
        line = fact(line, "Serial", d.serial());
        line = fact(line, "WWN", d.wwn());
        fact(line, "Mounted at", d.mountPoints().isEmpty() ? "not mounted" : String.join("\n", d.mountPoints()));
    }

    private int fact(int line, String name, String value) {
        if (value == null || value.isBlank()) return line;
        Label key = new Label(name);
        key.getStyleClass().add("dim");
        // the name keeps its width; a long value wraps instead
        key.setMinWidth(Region.USE_PREF_SIZE);
        Label val = new Label(value);
        val.setWrapText(true);
        facts.addRow(line, key, val);
        return line + 1;
    }
}
