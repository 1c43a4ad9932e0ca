package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.app.RulesService;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.RuleActions;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

import java.util.function.Supplier;

/**
 * The rule buttons of the device details and of a benchmark's result: each first shows what it
 * would write (the rule, the disks it covers now, the whole file) and writes only once confirmed.
 * A rule changes the whole system, for every disk of a kind, from now on.
 */
public final class ConfirmedRuleActions implements RuleActions {
    public static final ButtonType WRITE = new ButtonType(Messages.text("rules.confirm.write"), ButtonBar.ButtonData.OK_DONE);

    private final RulesViewModel model;
    private final Supplier<Window> owner;

    public ConfirmedRuleActions(RulesViewModel model, Supplier<Window> owner) {
        this.model = model;
        this.owner = owner;
    }

    @Override
    public void useForKind(DeviceRow row, String scheduler) {
        model.planForKind(row.device(), scheduler, this::confirm);
    }

    @Override
    public void useForThisDevice(DeviceRow row, String scheduler) {
        model.planForThisDevice(row.device(), scheduler, this::confirm);
    }

    private void confirm(RulesService.Plan plan) {
        Alert dialog = new Alert(Alert.AlertType.CONFIRMATION, "", WRITE, ButtonType.CANCEL);
        dialog.setTitle(Messages.text("rules.confirm.title"));
        dialog.setHeaderText(Messages.text("rules.confirm.header", plan.rule().variant(), plan.rule().match().describe()));
        dialog.getDialogPane().setId("rule-confirmation");
        dialog.getDialogPane().setContent(content(plan));
        // the Rules window's look: a rule that will not hold in amber, the file in a monospaced font
        dialog.getDialogPane().getStylesheets().add(RulesWindow.stylesheet("rules.css"));
        dialog.getDialogPane().setPrefWidth(640);
        dialog.setResizable(true);
        Window window = owner.get();
        if (window != null) dialog.initOwner(window);
        dialog.showAndWait().filter(WRITE::equals).ifPresent(b -> model.save(plan));
    }

    private static VBox content(RulesService.Plan plan) {
        String now = plan.matchedNow().isEmpty() ? Messages.text("rules.confirm.no-disk-now")
                : Messages.text("rules.confirm.disks-now", String.join(", ", plan.matchedNow()));
        Label what = wrapping(Messages.text("rules.confirm.text", plan.rule().match().describe(), plan.rule().settings(), now)
                + (plan.note().isEmpty() ? "" : " " + plan.note()));
        what.setId("rule-confirmation-text");
        Label where = wrapping(Messages.text("rules.confirm.where", ElevatorRulesFile.PATH));
        where.getStyleClass().add("dim");
        Label overridden = wrapping(String.join(" ", plan.overridden()));
        overridden.setId("rule-confirmation-overridden");
        overridden.getStyleClass().add("rule-warning");
        overridden.setVisible(!plan.overridden().isEmpty());
        overridden.managedProperty().bind(overridden.visibleProperty());
        TextArea file = new TextArea(plan.file());
        file.setId("rule-confirmation-file");
        file.setEditable(false);
        file.getStyleClass().add("rules-preview");
        file.setPrefRowCount(12);
        VBox.setVgrow(file, Priority.ALWAYS);
        return new VBox(8, what, overridden, where, file);
    }

    private static Label wrapping(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        return label;
    }
}
