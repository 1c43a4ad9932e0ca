package io.github.elevator.ui.common;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * A label that wraps between its words where it is given less than its one line, and is never
 * narrower than its longest word: a column of such labels gives way without cutting a word.
 */
public final class WordWrappingLabel extends Label {
    public WordWrappingLabel(String text) {
        super(text);
        setWrapText(true);
        setMinHeight(Region.USE_PREF_SIZE);
    }

    @Override
    protected double computeMinWidth(double height) {
        Text word = new Text();
        word.setFont(getFont());
        double widest = 0;
        for (String w : getText() == null ? new String[0] : getText().split("\\s+")) {
            word.setText(w);
            widest = Math.max(widest, word.getLayoutBounds().getWidth());
        }
        // a pixel more than the word: the skin elides at the exact width when rounding goes the other way
        return Math.ceil(widest) + 1 + snappedLeftInset() + snappedRightInset();
    }
}
