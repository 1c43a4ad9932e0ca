package io.github.elevator.testing;

import io.github.elevator.ui.common.Elision;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** What a window draws wrongly: texts shortened with an ellipsis, controls outside it or cut sideways. Call on the FX thread. */
public final class CutText {
    private CutText() {
    }

    /** Every drawn label, button, check box and cell whose text is shortened with an ellipsis. */
    public static List<String> in(Window window) {
        List<String> cut = new ArrayList<>();
        drawn(window.getScene().getRoot(), true, n -> {
            if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty() && l.getWidth() > 0 && Elision.isElided(l)) {
                cut.add((l.getId() == null ? l.getClass().getSimpleName() : l.getId()) + ": '" + l.getText() + "' drawn as '" + Elision.shownText(l) + "'");
            }
        });
        return cut;
    }

    /** Controls drawn outside the window (inside a scrolling pane, the pane itself must be inside). */
    public static List<String> outside(Window window) {
        double width = window.getScene().getWidth(), height = window.getScene().getHeight();
        List<String> out = new ArrayList<>();
        drawn(window.getScene().getRoot(), false, n -> {
            if (!(n instanceof Control c) || c.getWidth() <= 0) return;
            Bounds b = c.localToScene(c.getLayoutBounds());
            if (b.getMinX() < -1 || b.getMinY() < -1 || b.getMaxX() > width + 1 || b.getMaxY() > height + 1) {
                out.add(c.getClass().getSimpleName() + (c.getId() == null ? "" : "#" + c.getId()) + " at " + b);
            }
        });
        return out;
    }

    /**
     * Controls a scrolling pane cuts at its left or right edge while it offers no horizontal bar
     * to reach the rest: content wider than the pane (a row of buttons too long, a sentence that
     * wraps at a width wider than the pane).
     */
    public static List<String> sideways(Window window) {
        List<String> cut = new ArrayList<>();
        sideways(window.getScene().getRoot(), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, cut);
        return cut;
    }

    private static void sideways(Node node, double left, double right, List<String> cut) {
        if (!node.isVisible()) return;
        if (node instanceof Control c && c.getWidth() > 0 && !(c instanceof ScrollBar)) {
            Bounds b = c.localToScene(c.getLayoutBounds());
            if (b.getMinX() < left - 1 || b.getMaxX() > right + 1) {
                cut.add(c.getClass().getSimpleName() + (c.getId() == null ? "" : "#" + c.getId())
                        + (c instanceof Labeled l ? " '" + l.getText() + "'" : "") + " from x " + Math.round(b.getMinX()) + " to "
                        + Math.round(b.getMaxX()) + ", seen from " + Math.round(left) + " to " + Math.round(right));
            }
        }
        if (node instanceof ScrollPane pane && !horizontalBarShown(pane)) {
            Node viewport = pane.getChildrenUnmodifiable().stream().filter(n -> n.getStyleClass().contains("viewport")).findFirst().orElse(pane);
            Bounds view = viewport.localToScene(viewport.getLayoutBounds());
            left = Math.max(left, view.getMinX());
            right = Math.min(right, view.getMaxX());
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) sideways(child, left, right, cut);
        }
    }

    private static boolean horizontalBarShown(ScrollPane pane) {
        return pane.getChildrenUnmodifiable().stream().anyMatch(n -> n instanceof ScrollBar s && s.getOrientation() == Orientation.HORIZONTAL
                && s.isVisible() && s.getVisibleAmount() < s.getMax() - s.getMin());
    }

    /** Every node drawn (visible itself and all its parents); into scrolling panes only when asked. */
    private static void drawn(Node node, boolean intoScrolled, Consumer<Node> each) {
        if (!node.isVisible()) return;
        each.accept(node);
        if (node instanceof ScrollPane && !intoScrolled) return;
        if (node instanceof Parent p) p.getChildrenUnmodifiable().forEach(child -> drawn(child, intoScrolled, each));
    }
}
