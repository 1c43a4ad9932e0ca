package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

import java.util.Optional;

/** Asked when the Rules window is closed with changes not saved: save them, discard them, or keep editing (Esc). */
final class UnsavedRulesDialog {
    static final ButtonType SAVE = new ButtonType(Messages.text("rules.unsaved.save"), ButtonBar.ButtonData.YES);
    static final ButtonType DISCARD = new ButtonType(Messages.text("rules.unsaved.discard"), ButtonBar.ButtonData.NO);
    static final ButtonType KEEP_EDITING = new ButtonType(Messages.text("rules.unsaved.keep"), ButtonBar.ButtonData.CANCEL_CLOSE);

    private UnsavedRulesDialog() {
    }

    static Optional<ButtonType> ask(Window owner) {
        Alert dialog = new Alert(Alert.AlertType.CONFIRMATION, Messages.text("rules.unsaved.text"),
                SAVE, DISCARD, KEEP_EDITING);
        dialog.initOwner(owner);
        dialog.setTitle(Messages.text("rules.window.title"));
        dialog.setHeaderText(Messages.text("rules.unsaved.header"));
        dialog.getDialogPane().setId("rules-unsaved");
        ((javafx.scene.control.Button) dialog.getDialogPane().lookupButton(KEEP_EDITING)).setDefaultButton(true);
        ((javafx.scene.control.Button) dialog.getDialogPane().lookupButton(SAVE)).setDefaultButton(false);
        return dialog.showAndWait().filter(b -> b != KEEP_EDITING);
    }
}
