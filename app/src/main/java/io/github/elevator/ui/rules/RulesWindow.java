package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.Objects;

/** The rules view in a window of its own, opened from the main window's Rules button; one at a time. */
public final class RulesWindow {
    private final RulesViewModel model;
    private Stage stage;

    public RulesWindow(RulesViewModel model) {
        this.model = model;
    }

    /** Opens the window, or brings it to the front; reads the rules again unless there are unsaved changes. */
    public void show(Window owner) {
        if (!model.dirtyProperty().get()) model.refresh();
        if (stage == null) {
            stage = new Stage();
            stage.initOwner(owner);
            stage.setTitle(Messages.text("rules.window.title"));
            Scene scene = new Scene(new RulesView(model), Math.min(1180, owner.getWidth()), Math.min(700, owner.getHeight()));
            scene.getStylesheets().add(stylesheet("/io/github/elevator/ui/elevator.css"));
            scene.getStylesheets().add(stylesheet("rules.css"));
            // Esc and Ctrl+W close it, as they close other desktop tool windows; with unsaved changes they ask first
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ESCAPE), this::close);
            scene.getAccelerators().put(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN), this::close);
            stage.setOnCloseRequest(e -> {
                e.consume();
                close();
            });
            stage.setScene(scene);
            // the smallest size at which nothing is cut: the left side whole beside some preview, its lists a few lines high
            stage.setMinWidth(Math.min(780, owner.getWidth()));
            stage.setMinHeight(Math.min(620, owner.getHeight()));
            if (owner instanceof Stage o) stage.getIcons().setAll(o.getIcons());
        }
        stage.show();
        stage.toFront();
    }

    /** Closes the window; with changes not saved, asks whether to save them, discard them or keep editing. */
    private void close() {
        if (!model.hasUnsavedChanges()) {
            stage.hide();
            return;
        }
        UnsavedRulesDialog.ask(stage).ifPresent(choice -> {
            if (choice == UnsavedRulesDialog.SAVE) {
                model.addPendingAndSave();
            } else if (choice == UnsavedRulesDialog.DISCARD) {
                model.discard();
                stage.hide();
            }
        });
    }

    /** The rules look: warnings in amber, the preview in a monospaced font. */
    public static String stylesheet(String name) {
        return Objects.requireNonNull(RulesWindow.class.getResource(name)).toExternalForm();
    }
}
