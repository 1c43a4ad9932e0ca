package io.github.elevator.ui.common;

import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/**
 * Whether a label shows its whole text: the text node its skin draws is compared with the label's
 * own text (JavaFX 21 has no Labeled.isTextTruncated).
 */
public final class Elision {
    private Elision() {
    }

    /** True when the label draws less than its text, such as "mq-deadli…"; false before it is laid out. */
    public static boolean isElided(Labeled label) {
        String text = label.getText();
        if (text == null || text.isEmpty()) return false;
        if (label.isMnemonicParsing()) text = text.replaceFirst("_(?=[^_])", "").replace("__", "_");
        String shown = shownText(label);
        return shown != null && !joinedLines(shown).equals(joinedLines(text));
    }

    /** The text the label draws, or null before its skin made the text node. */
    public static String shownText(Labeled label) {
        for (Node child : label.getChildrenUnmodifiable()) {
            if (child instanceof Text t && child.getStyleClass().contains("text")) return t.getText();
        }
        return null;
    }

    /** Whether {@code text} in the label's font is wider than the label's room for text, for a one-line label. */
    public static boolean wouldElide(Labeled label, String text) {
        Text probe = new Text(text);
        probe.setFont(label.getFont());
        double room = label.getWidth() - label.snappedLeftInset() - label.snappedRightInset();
        return label.getWidth() > 0 && probe.getLayoutBounds().getWidth() > room + 0.5;
    }

    private static String joinedLines(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }
}
