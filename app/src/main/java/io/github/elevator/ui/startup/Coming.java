package io.github.elevator.ui.startup;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;

/**
 * What a pane shows while its content is built after the window's first frame: a line that says
 * it is coming, never an empty pane that looks broken. A still line, not a spinner: an animation
 * would draw a frame at every pulse of the start it is waiting for.
 */
public final class Coming {
    private Coming() {
    }

    /** A dim, centred {@code text}, with {@code id} for tests and for whoever replaces it. */
    public static Node placeholder(String id, String text) {
        Label label = new Label(text);
        label.getStyleClass().add("dim");
        label.setWrapText(true);
        StackPane pane = new StackPane(label);
        pane.setId(id);
        pane.setAlignment(Pos.CENTER);
        pane.setPadding(new Insets(12));
        return pane;
    }
}
