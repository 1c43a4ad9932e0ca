package io.github.elevator.testing;

import javafx.scene.Node;
import javafx.scene.control.Labeled;

/**
 * The scheduler a device's line shows: the text drawn in its closed dropdown (the cell in the
 * box), the same for the stand-in a line shows until first use and for the real dropdown.
 */
public final class LineScheduler {
    private LineScheduler() {
    }

    /** The text in the closed box {@code dropdown} (the node with id {@code scheduler-DEVICE}). */
    public static String shown(Node dropdown) {
        Node cell = dropdown.lookup(".list-cell");
        if (!(cell instanceof Labeled labeled)) throw new AssertionError(dropdown + " shows no scheduler cell");
        return labeled.getText();
    }
}
