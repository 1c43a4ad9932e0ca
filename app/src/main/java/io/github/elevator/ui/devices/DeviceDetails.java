package io.github.elevator.ui.devices;

import io.github.elevator.device.SchedulerGuide;
import io.github.elevator.text.Messages;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.rules.RuleStatus;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
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
 * (Alt+S focuses it, arrows choose, Enter or Space confirms). Text wraps rather than being cut;
 * the pane scrolls where the window is too small for it.
 */
final class DeviceDetails extends VBox {
    static final double MIN_WIDTH = 260;
    private static final KeyCombination FOCUS_SCHEDULER = new KeyCodeCombination(KeyCode.S, KeyCombination.ALT_DOWN);
    private final ObjectProperty<DeviceRow> row = new SimpleObjectProperty<>();
    private final Label title = wrapping(new Label());
    private final Label subtitle = wrapping(new Label());
    private final SchedulerChooser chooser;
    /** The dropdown and its label: only for a device with a scheduler (zram has none, and its facts say so once). */
    private final HBox schedulerBox;
    private final Label schedulerLine = wrapping(new Label());
    private final Label lockNote = wrapping(new Label());
    private final GridPane facts = DeviceViews.grid();
    private java.util.function.Consumer<String> selectDevice = name -> { };
    private final StackView stack = new StackView(name -> selectDevice.accept(name));
    private final TunablesView tunables;

    private final RuleActions ruleActions;
    private final Label ruleLine = wrapping(new Label());
    private final Button useForKind = new Button();
    private final Button useForDevice = new Button();
    // change listeners, not invalidation listeners: those stay silent after a change nobody read
    private final javafx.beans.value.ChangeListener<Object> changed = (o, was, now) -> render();

    DeviceDetails(DeviceListViewModel model, RuleActions ruleActions) {
        super(6);
        this.ruleActions = ruleActions;
        setPadding(new Insets(10, 12, 10, 12));
        setMinWidth(MIN_WIDTH);
        title.getStyleClass().add("details-title");
        title.setId("details-title");
        subtitle.getStyleClass().add("dim");
        subtitle.setId("details-subtitle");
        chooser = new SchedulerChooser(model::requestSwitch);
        tunables = new TunablesView(model.tunables());
        model.tunables().rowProperty().bind(row);
        chooser.setId("details-scheduler");
        Label label = new Label(Messages.text("ui.devices.scheduler"));
        label.setMnemonicParsing(true);
        label.setLabelFor(chooser);
        label.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(chooser, Priority.ALWAYS);
        schedulerBox = new HBox(8, label, chooser);
        schedulerBox.managedProperty().bind(schedulerBox.visibleProperty());
        schedulerBox.setAlignment(Pos.CENTER_LEFT);
        schedulerLine.setId("details-scheduler-line");
        schedulerLine.getStyleClass().add("dim");
        lockNote.setId("details-lock");
        lockNote.getStyleClass().add("rule-warning");
        lockNote.managedProperty().bind(lockNote.visibleProperty());
        getChildren().addAll(title, subtitle, schedulerBox, schedulerLine, lockNote, facts, stack);
        // the rule (where the scheduler comes from) belongs to what the device is; the settings, folded, after it
        if (ruleActions != null) getChildren().add(rulePart());
        getChildren().add(tunables);
        // Alt+S from anywhere in the window, also when the label's mnemonic is not offered (no Alt underline mode)
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) scene.getAccelerators().put(FOCUS_SCHEDULER, chooser::requestFocus);
        });
        row.addListener((obs, old, now) -> {
            if (old != null) {
                old.deviceProperty().removeListener(changed);
                old.ruleStatusProperty().removeListener(changed);
                old.lockedProperty().removeListener(changed);
            }
            if (now != null) {
                now.deviceProperty().addListener(changed);
                now.ruleStatusProperty().addListener(changed);
                now.lockedProperty().addListener(changed);
            }
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

    /** A label that wraps within the pane's width and keeps the height its lines need. */
    private static Label wrapping(Label label) {
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setMaxWidth(Double.MAX_VALUE);
        return label;
    }

    /** Where the scheduler comes from, and the two ways to make the current one stick. */
    private VBox rulePart() {
        ruleLine.setId("details-rule");
        useForKind.setId("use-for-kind");
        useForDevice.setId("use-for-device");
        for (Button b : new Button[] {useForKind, useForDevice}) {
            b.setWrapText(true);
            b.setMinHeight(Region.USE_PREF_SIZE);
            b.setMaxWidth(Double.MAX_VALUE);
            b.managedProperty().bind(b.visibleProperty());
        }
        useForKind.setOnAction(e -> ruleActions.useForKind(row.get(), row.get().device().active()));
        useForDevice.setOnAction(e -> ruleActions.useForThisDevice(row.get(), row.get().device().active()));
        VBox part = new VBox(6, ruleLine, useForKind, useForDevice);
        part.setPadding(new Insets(4, 0, 0, 0));
        return part;
    }

    private void renderRule(DeviceRow r) {
        if (ruleActions == null) return;
        RuleStatus status = r == null ? null : r.ruleStatusProperty().get();
        String active = r == null ? null : r.device().active();
        boolean show = status != null && active != null;
        useForKind.setVisible(show);
        useForDevice.setVisible(show);
        ruleLine.setText(show ? status.text() : "");
        ruleLine.getStyleClass().remove("rule-warning");
        if (show && status.warning()) ruleLine.getStyleClass().add("rule-warning");
        if (!show) return;
        boolean locked = r.lockedProperty().get();
        useForKind.setText(status.kind() == null ? Messages.text("ui.devices.rule.no-kind")
                : Messages.text("ui.devices.rule.for-kind", active, status.kind().every()));
        useForKind.setDisable(status.kind() == null || locked);
        useForDevice.setText(status.identity() == null ? Messages.text("ui.devices.rule.no-identity")
                : Messages.text("ui.devices.rule.for-device", active));
        useForDevice.setDisable(status.identity() == null || locked);
    }

    private void render() {
        facts.getChildren().clear();
        DeviceRow r = row.get();
        renderRule(r);
        stack.show(r == null ? null : r.device());
        if (r == null) {
            title.setText(Messages.text("ui.devices.none-selected"));
            subtitle.setText(Messages.text("ui.devices.choose"));
            schedulerLine.setText("");
            lockNote.setVisible(false);
            schedulerBox.setVisible(false);
            return;
        }
        BlockDevice d = r.device();
        schedulerBox.setVisible(d.hasScheduler());
        title.setText(d.name() + (d.displayModel().isEmpty() ? "" : " — " + d.displayModel()));
        subtitle.setText(DeviceIcons.describe(d) + " · " + ByteSize.human(d.sizeBytes()) + " · " + r.flags());
        schedulerLine.setText(d.active() == null ? "" : SchedulerGuide.line(d.active()).map(l -> Messages.text("ui.devices.scheduler.line", d.active(), l)).orElse(""));
        lockNote.setVisible(r.benchmarkedProperty().get());
        lockNote.setText(r.heldByProperty().get() != null
                ? Messages.text("ui.devices.lock.elsewhere", d.name(), r.heldByProperty().get(), r.heldOriginal())
                : Messages.text("ui.devices.lock.here", d.name()));
        int line = 0;
        if (!d.hasScheduler()) line = fact(line, Messages.text("ui.devices.fact.scheduler"), Messages.text("ui.devices.fact.no-scheduler"));
        line = fact(line, Messages.text("ui.devices.fact.vendor"), d.vendor());
        line = fact(line, Messages.text("ui.devices.fact.serial"), d.serial());
        line = fact(line, Messages.text("ui.devices.fact.wwn"), d.wwn());
        fact(line, Messages.text("ui.devices.fact.mounted"),
                d.mountPoints().isEmpty() ? Messages.text("ui.devices.fact.not-mounted") : String.join("\n", d.mountPoints()));
    }

    private int fact(int line, String name, String value) {
        if (value == null || value.isBlank()) return line;
        Label key = new Label(name);
        key.getStyleClass().add("dim");
        // the name keeps its width; a long value wraps instead
        key.setMinWidth(Region.USE_PREF_SIZE);
        facts.addRow(line, key, wrapping(new Label(value)));
        return line + 1;
    }
}
