package io.github.elevator.ui.rules;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

import java.util.Optional;

/** Asked when the Rules window is closed with changes not saved: save them, discard them, or keep editing (Esc). */
final class UnsavedRulesDialog {
    static final ButtonType SAVE = new ButtonType("Save rules…", ButtonBar.ButtonData.YES);
    static final ButtonType DISCARD = new ButtonType("Discard changes", ButtonBar.ButtonData.NO);
    static final ButtonType KEEP_EDITING = new ButtonType("Keep editing", ButtonBar.ButtonData.CANCEL_CLOSE);

    private UnsavedRulesDialog() {
    }

    static Optional<ButtonType> ask(Window owner) {
        Alert dialog = new Alert(Alert.AlertType.CONFIRMATION, "Save them to the rules file, discard them, or go back to them?",
                SAVE, DISCARD, KEEP_EDITING);
        dialog.initOwner(owner);
        dialog.setTitle("Elevator — Rules");
        dialog.setHeaderText("The rules have changes that are not saved");
        dialog.getDialogPane().setId("rules-unsaved");
        ((javafx.scene.control.Button) dialog.getDialogPane().lookupButton(KEEP_EDITING)).setDefaultButton(true);
        ((javafx.scene.control.Button) dialog.getDialogPane().lookupButton(SAVE)).setDefaultButton(false);
        return dialog.showAndWait().filter(b -> b != KEEP_EDITING);
    }
}
