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
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
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

    /** Every drawn text field whose prompt (shown while it is empty) is wider than the room inside it. */
    public static List<String> prompts(Window window) {
        List<String> cut = new ArrayList<>();
        drawn(window.getScene().getRoot(), true, n -> {
            if (n instanceof TextField f && f.getWidth() > 0 && f.getText().isEmpty() && f.getPromptText() != null && !f.getPromptText().isEmpty()) {
                Text prompt = new Text(f.getPromptText());
                prompt.setFont(f.getFont());
                double room = f.getWidth() - f.snappedLeftInset() - f.snappedRightInset();
                if (prompt.getLayoutBounds().getWidth() > room + 0.5) {
                    cut.add((f.getId() == null ? "TextField" : f.getId()) + ": prompt '" + f.getPromptText() + "' needs "
                            + Math.round(prompt.getLayoutBounds().getWidth()) + " px of " + Math.round(room));
                }
            }
        });
        return cut;
    }

    /** Words a drawn text says twice: a run of {@value #REPEATED_WORDS} words or more that comes again within the same text. */
    public static List<String> repeated(Window window) {
        List<String> found = new ArrayList<>();
        drawn(window.getScene().getRoot(), true, n -> {
            String text = n instanceof Labeled l ? l.getText() : n instanceof Text t && t.getParent() instanceof TextFlow ? t.getText() : null;
            String again = text == null ? null : repeatedRun(text);
            if (again != null) found.add((n.getId() == null ? n.getClass().getSimpleName() : n.getId()) + ": '" + again + "' twice in '" + text + "'");
        });
        return found;
    }

    /**
     * How many words in a row make a repetition: fewer are the same in a list of like clauses, each
     * with its own figure ("mq-deadline is behind none (by at least 3.1 %); kyber is behind none (by at least 7.7 %)").
     */
    static final int REPEATED_WORDS = 7;

    /** The first run of {@link #REPEATED_WORDS} words (in lower case, without their marks) that {@code text} says twice, or null. */
    static String repeatedRun(String text) {
        String[] words = text.toLowerCase(java.util.Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\s]", "").strip().split("\\s+");
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i + REPEATED_WORDS <= words.length; i++) {
            String run = String.join(" ", java.util.Arrays.copyOfRange(words, i, i + REPEATED_WORDS));
            if (!seen.add(run)) return run;
        }
        return null;
    }

    /** Scrolling panes that show a horizontal bar: a part that needs a sideways scroll to be read whole. */
    public static List<String> scrolledSideways(Window window) {
        List<String> found = new ArrayList<>();
        drawn(window.getScene().getRoot(), true, n -> {
            if (n instanceof ScrollPane pane && horizontalBarShown(pane)) {
                found.add("ScrollPane" + (pane.getId() == null ? "" : "#" + pane.getId()) + " scrolls sideways");
            }
        });
        return found;
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
