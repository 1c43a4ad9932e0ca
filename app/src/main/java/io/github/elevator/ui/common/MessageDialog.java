package io.github.elevator.ui.common;

import io.github.elevator.text.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/** A text too long for the status line, in a window of its own. */
public final class MessageDialog {
    private MessageDialog() {
    }

    public static void show(Window owner, String title, String text) {
        Alert dialog = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        dialog.setTitle(Messages.text("ui.dialog.title", title));
        dialog.setHeaderText(title);
        Label content = new Label(text);
        content.setId("message-text");
        content.setWrapText(true);
        content.setMinHeight(Region.USE_PREF_SIZE);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setPrefWidth(620);
        dialog.setResizable(true);
        if (owner != null) dialog.initOwner(owner);
        dialog.show();
    }
}
