package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.app.ResetService;
import io.github.elevator.device.Tunables;
import io.github.elevator.ui.common.LazyTooltip;
import javafx.collections.ListChangeListener;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The device's queue settings and its scheduler's own settings, one line each: a field with the
 * kernel's value for each setting Elevator knows a safe range for (placeholder and tooltip give
 * the range; Enter or Set changes it, Esc puts the shown value back), the value alone for the
 * others. They are folded under "Tunables" until opened (Space on it, or Alt+T, which also
 * reaches the first field; Tab the next): the device's facts come first. Bound to {@link TunablesViewModel} only.
 */
final class TunablesView extends VBox {
    private static final KeyCombination FOCUS_FIRST = new KeyCodeCombination(KeyCode.T, KeyCombination.ALT_DOWN);
    private final TunablesViewModel model;
    /** Opens and closes the settings; stays as it is from one device to the next. */
    private final javafx.scene.control.ToggleButton heading = new javafx.scene.control.ToggleButton();
    private Node first;
    private final GridPane grid = new GridPane();
    /** The space above and below each field: rows are spaced by margins, so a hidden problem line takes none. */
    private static final Insets ROW = new Insets(1.5, 0, 1.5, 0);
    /** The narrowest a setting's name gets: enough for the start of it. */
    private static final double MIN_NAME_WIDTH = 64;

    TunablesView(TunablesViewModel model) {
        super(2);
        this.model = model;
        setId("details-tunables");
        heading.setId("tunables-open");
        heading.getStyleClass().addAll("section-heading", "disclosure");
        heading.textProperty().bind(Bindings.when(heading.selectedProperty()).then(Messages.text("ui.devices.tunables.opened"))
                .otherwise(Messages.text("ui.devices.tunables.closed")));
        heading.setMinWidth(Region.USE_PREF_SIZE);
        LazyTooltip.install(heading, Messages.text("ui.devices.tunables.tip"));
        grid.setHgap(8);
        grid.visibleProperty().bind(heading.selectedProperty());
        grid.managedProperty().bind(grid.visibleProperty());
        getChildren().addAll(headingLine(), grid);
        // Alt+T from anywhere in the window, also when the label's mnemonic is not offered (no Alt underline mode)
        sceneProperty().addListener((obs, old, scene) -> {
            if (scene != null) scene.getAccelerators().put(FOCUS_FIRST, () -> {
                heading.setSelected(true);
                if (first != null) first.requestFocus();
            });
        });
        model.settings().addListener((ListChangeListener<TunableSetting>) c -> rebuild());
        rebuild();
    }

    /** "Tunables" and, for a device with a scheduler, the way back to what the kernel would choose. */
    private HBox headingLine() {
        Button defaults = new Button(Messages.text("ui.devices.defaults"));
        defaults.setId("kernel-defaults");
        defaults.setMinWidth(Region.USE_PREF_SIZE);
        defaults.visibleProperty().bind(model.resettableProperty());
        defaults.managedProperty().bind(defaults.visibleProperty());
        defaults.disableProperty().bind(model.lockedProperty().or(model.busyProperty()));
        LazyTooltip.install(defaults, Messages.text("ui.devices.defaults.tip"));
        defaults.setOnAction(e -> model.planKernelDefaults(this::confirm));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox line = new HBox(8, heading, spacer, defaults);
        line.setAlignment(Pos.CENTER_LEFT);
        return line;
    }

    /** Says what a reset would change, and makes the changes only when confirmed. The UI thread does not wait for the answer. */
    private void confirm(ResetService.Plan plan) {
        ButtonType putBack = new ButtonType(Messages.text("ui.devices.defaults.put-back"), ButtonBar.ButtonData.OK_DONE);
        String name = plan.device().name();
        Label what = new Label(Messages.text("ui.devices.defaults.changes", name, plan.defaults().scheduler(), plan.defaults().why(),
                String.join("\n  ", TunablesViewModel.describe(plan))));
        what.setId("kernel-defaults-changes");
        what.setWrapText(true);
        what.setMinHeight(Region.USE_PREF_SIZE);
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION, "", putBack, ButtonType.CANCEL);
        ask.setTitle(Messages.text("ui.devices.defaults.title"));
        ask.setHeaderText(Messages.text("ui.devices.defaults.header", name));
        ask.getDialogPane().setId("kernel-defaults-confirmation");
        ask.getDialogPane().setContent(what);
        ask.getDialogPane().setPrefWidth(560);
        if (getScene() != null) ask.initOwner(getScene().getWindow());
        ask.resultProperty().addListener((o, was, chosen) -> {
            if (putBack.equals(chosen)) model.resetToKernelDefaults(plan);
        });
        ask.show();
    }

    private void rebuild() {
        grid.getChildren().clear();
        first = null;
        int line = 0;
        boolean schedulerPart = false;
        for (TunableSetting s : model.settings()) {
            if (!schedulerPart && s.key().startsWith(Tunables.IOSCHED_PREFIX)) {
                schedulerPart = true;
                grid.add(schedulerHeading(), 0, line++, GridPane.REMAINING, 1);
            }
            Label name = new Label(s.name());
            name.getStyleClass().add("dim");
            // the one column that gives way (shortened, whole in its tooltip) where bfq's long names
            // would push the fields, units and Kernel defaults… past the details' edge (1024x768)
            name.setMinWidth(MIN_NAME_WIDTH);
            LazyTooltip.install(name, s.name() + ": " + s.hint());
            Label unit = new Label(s.unit());
            unit.getStyleClass().add("dim");
            unit.setMinWidth(Region.USE_PREF_SIZE);
            if (s.editable()) {
                TextField field = field(s);
                if (first == null) first = field;
                // "Set" takes the unit's place while the field holds a new value: one column less keeps
                // the grid inside the details' width at 1366x768
                unit.visibleProperty().bind(s.editedProperty().not());
                StackPane unitOrSet = new StackPane(unit, setButton(s));
                unitOrSet.setAlignment(Pos.CENTER_LEFT);
                grid.addRow(line++, name, field, unitOrSet);
            } else {
                Label value = new Label();
                value.textProperty().bind(s.valueProperty().asString());
                value.setId(id(s));
                value.setMinWidth(Region.USE_PREF_SIZE);
                LazyTooltip.install(value, s.hint());
                GridPane.setMargin(value, ROW);
                grid.addRow(line++, name, value, unit);
            }
            grid.add(problem(s), 0, line++, GridPane.REMAINING, 1);
        }
        setVisible(line > 0);
        setManaged(line > 0);
    }

    /** Where the scheduler's own settings begin: they belong to it, and a switch puts them back to its defaults. */
    private Label schedulerHeading() {
        Label label = new Label(Messages.text("ui.devices.tunables.scheduler", model.schedulerProperty().get()));
        label.setId("tunables-scheduler");
        label.getStyleClass().add("dim");
        label.setWrapText(true);
        label.setMinWidth(0);
        label.prefWidthProperty().bind(widthProperty());
        label.setMinHeight(Region.USE_PREF_SIZE);
        GridPane.setMargin(label, new Insets(6, 0, 2, 0));
        return label;
    }

    /** Why a value for this setting was refused, right under its field; takes no room otherwise. */
    private Label problem(TunableSetting s) {
        Label problem = new Label();
        problem.setId(id(s) + "-problem");
        problem.getStyleClass().add("rule-warning");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        // as wide as the section, however long the reason: it wraps instead of widening the columns
        problem.setMinWidth(0);
        problem.prefWidthProperty().bind(widthProperty());
        problem.textProperty().bind(Bindings.when(model.problemSettingProperty().isEqualTo(s))
                .then(model.problemProperty()).otherwise(""));
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        GridPane.setMargin(problem, new Insets(0, 0, 4, 0));
        return problem;
    }

    private TextField field(TunableSetting s) {
        TextField field = new TextField();
        field.setId(id(s));
        field.setPrefColumnCount(6);
        field.setMinWidth(Region.USE_PREF_SIZE);
        field.setAlignment(Pos.CENTER_RIGHT);
        field.setPromptText(s.range());
        GridPane.setMargin(field, ROW);
        field.textProperty().bindBidirectional(s.textProperty());
        // not disabled while its own change runs: a disabled field loses the keyboard focus
        field.editableProperty().bind(model.busyProperty().not());
        field.disableProperty().bind(model.lockedProperty());
        field.setOnAction(e -> model.apply(s));
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && s.editedProperty().get()) {
                model.revert(s);
                e.consume();
            }
        });
        LazyTooltip.install(field, s.hint());
        return field;
    }

    /** "Set": shown in the unit's place while the field holds a new value, for those who reach for the mouse. */
    private Node setButton(TunableSetting s) {
        Button set = new Button(Messages.text("ui.devices.tunables.set"));
        set.setId(id(s) + "-set");
        set.setMinWidth(Region.USE_PREF_SIZE);
        set.visibleProperty().bind(s.editedProperty());
        set.disableProperty().bind(model.lockedProperty().or(model.busyProperty()));
        set.setOnAction(e -> model.apply(s));
        return set;
    }

    /** "tunable-queue-read_ahead_kb": the id tests look a field up by. */
    static String id(TunableSetting s) {
        return "tunable-" + s.key().replace('/', '-');
    }
}
