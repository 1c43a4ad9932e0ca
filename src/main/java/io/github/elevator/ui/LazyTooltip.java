package io.github.elevator.ui;

import javafx.event.EventHandler;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

import java.util.function.Supplier;

/**
 * A tooltip made when the pointer first enters its control. Each tooltip is a popup window of
 * its own, and making a dozen of them held back the first frame of the main window.
 */
public final class LazyTooltip {
    private LazyTooltip() {
    }

    /** Gives {@code control} the tooltip {@code text}, made on first hover. */
    public static void install(Control control, String text) {
        install(control, () -> text);
    }

    /**
     * Gives {@code control} a tooltip whose text {@code text} supplies on first hover, or none
     * when it supplies null. The text is asked for again after the pointer leaves.
     */
    public static void install(Control control, Supplier<String> text) {
        EventHandler<MouseEvent> onEnter = e -> {
            String now = text.get();
            if (now == null) {
                control.setTooltip(null);
            } else if (control.getTooltip() == null) {
                control.setTooltip(new Tooltip(now));
            } else {
                control.getTooltip().setText(now);
            }
        };
        control.addEventHandler(MouseEvent.MOUSE_ENTERED, onEnter);
    }
}
