package io.github.elevator.ui.common;

import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

import java.util.function.Supplier;

/**
 * A tooltip made when the pointer first enters its node. Each tooltip is a popup window of its
 * own, and making a dozen of them held back the first frame of the main window.
 */
public final class LazyTooltip {
    private static final double MAX_WIDTH = 640;

    private LazyTooltip() {
    }

    /** Gives {@code node} the tooltip {@code text}, made on first hover. */
    public static void install(Node node, String text) {
        install(node, () -> text);
    }

    /**
     * Gives {@code node} a tooltip whose text {@code text} supplies each time the pointer
     * enters, or none while it supplies null.
     */
    public static void install(Node node, Supplier<String> text) {
        Tooltip[] made = new Tooltip[1];
        node.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            String now = text.get();
            if (now == null) {
                if (made[0] != null) Tooltip.uninstall(node, made[0]);
                made[0] = null;
            } else if (made[0] == null) {
                made[0] = new Tooltip(now);
                // a long sentence (what replaces a disk's rule, say) wraps rather than running off a small screen
                made[0].setWrapText(true);
                made[0].setMaxWidth(MAX_WIDTH);
                Tooltip.install(node, made[0]);
            } else {
                made[0].setText(now);
            }
        });
    }
}
