package io.github.elevator.ui.devices;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Widths of the device list's text columns from every device's texts, not only from the lines
 * that are nodes (those in view): a column keeps its width as the list scrolls. Each column gets
 * an invisible strut, in the headings' row, as wide as its widest text in a cell; the grid then
 * sizes the column as if every line were there. A text is measured once.
 */
final class ColumnWidths {
    private final List<Function<DeviceRow, String>> texts;
    private final Region[] struts;
    private final List<Map<String, Double>> measured = new ArrayList<>();
    private final Text ruler = new Text();

    ColumnWidths(List<Function<DeviceRow, String>> texts) {
        this.texts = texts;
        struts = new Region[texts.size()];
        for (int column = 0; column < struts.length; column++) {
            measured.add(new HashMap<>());
            if (texts.get(column) == null) continue;
            Region strut = new Region();
            strut.setVisible(false);
            strut.setMouseTransparent(true);
            strut.setMinWidth(0);
            strut.setMaxWidth(0);
            strut.setPrefWidth(0);
            GridPane.setConstraints(strut, column, 0);
            struts[column] = strut;
        }
    }

    /** The struts, for the grid to hold. */
    List<Node> struts() {
        List<Node> all = new ArrayList<>();
        for (Region strut : struts) if (strut != null) all.add(strut);
        return all;
    }

    /** Sizes the struts for {@code rows}' texts shown in cells like {@code cell} (its font and padding, once styled). */
    void fit(List<DeviceRow> rows, Label cell) {
        Font font = cell.getFont();
        if (!font.equals(ruler.getFont())) {
            ruler.setFont(font);
            measured.forEach(Map::clear);
        }
        double padding = cell.snappedLeftInset() + cell.snappedRightInset();
        for (int column = 0; column < struts.length; column++) {
            if (struts[column] == null) continue;
            Map<String, Double> widths = measured.get(column);
            double widest = 0;
            for (DeviceRow row : rows) {
                String text = texts.get(column).apply(row);
                if (text == null || text.isEmpty()) continue;
                widest = Math.max(widest, widths.computeIfAbsent(text, this::measure));
            }
            // a pixel more than the text: a label a fraction of a pixel too narrow shortens its text with "…"
            double width = widest == 0 ? 0 : Math.ceil(widest) + padding + 1;
            struts[column].setPrefWidth(width);
            struts[column].setMaxWidth(width);
        }
    }

    private double measure(String text) {
        ruler.setText(text);
        return ruler.getLayoutBounds().getWidth();
    }
}
