package io.github.elevator.ui.bench;

import io.github.elevator.bench.Workload;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import io.github.elevator.ui.common.WordWrappingLabel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.beans.property.BooleanProperty;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;

import java.util.function.Consumer;

/**
 * One workload's comparison: what was decided and why, always in view; behind "Show detail" each
 * scheduler's median and paired difference to the reference, every pair's verdict in words and,
 * after the run, its chart. The short part of every workload fits the window together; the detail
 * of one is opened when wanted.
 */
final class ComparisonView extends VBox {
    private final ComparisonChart chart;

    /**
     * @param withChart false while the sweep runs (the live chart is beside it then)
     * @param apply     offered when this workload recommends another scheduler than the whole benchmark; null: never
     * @param open      whether the detail is shown: kept by the caller, so it stays open when the card is made again
     */
    ComparisonView(Comparison c, boolean withChart, String overall, Consumer<String> apply, BooleanProperty open) {
        super(4);
        getStyleClass().add("comparison");
        setId("comparison-" + c.workload());
        setPadding(new Insets(6, 10, 6, 10));

        Label title = label(c.workload(), "comparison-title");
        String description = Workload.byId(c.workload()).map(Workload::description).orElse("");
        // while the sweep runs the card sits narrow beside the charts: the unit alone (the description is in its tooltip)
        Label what = label(description.isEmpty() || !withChart ? c.unit() : description + " · " + c.unit(), "dim");
        if (!description.isEmpty()) io.github.elevator.ui.common.LazyTooltip.install(what, description);
        Label status = label(c.status(), "dim");
        status.getStyleClass().add("comparison-status");
        FlowPane header = new FlowPane(10, 2, title, what, status);
        header.setAlignment(Pos.BASELINE_LEFT);
        header.setMinWidth(0);
        // a long description (German read-under-write) wraps within the card instead of running past it
        what.setWrapText(true);
        what.setMinWidth(0);
        what.setMinHeight(Region.USE_PREF_SIZE);
        what.maxWidthProperty().bind(header.widthProperty());
        HBox.setHgrow(header, Priority.ALWAYS);
        HBox top = new HBox(10, header);
        top.setAlignment(Pos.TOP_LEFT);
        getChildren().add(top);

        Node table = c.ran() && !c.rows().isEmpty() ? table(c) : null;
        VBox detail = new VBox(6) {
            /** The table's width where there is room for it (its columns wrap only when they must), and no less than 600. */
            @Override
            protected double computePrefWidth(double height) {
                return Math.max(600, table == null ? 0 : table.prefWidth(-1));
            }
        };
        if (!c.ran()) {
            getChildren().add(wrapping(Messages.text("ui.bench.comparison.skipped", c.skipped()), "comparison-why"));
        } else {
            if (!c.why().isEmpty()) getChildren().add(wrapping(c.why(), "comparison-why"));
            if (c.noiseFloor() != null) {
                getChildren().add(wrapping(Messages.text("ui.bench.comparison.noise-floor",
                        Numbers.fixed(c.noiseFloor() * 100, 1)), "comparison-why"));
            }
            if (apply != null && c.recommendation() != null && !c.recommendation().equals(overall)) {
                Button mine = new Button(Messages.text("ui.bench.comparison.apply", c.recommendation(), c.workload()));
                mine.getStyleClass().add("comparison-apply");
                mine.setMinWidth(Region.USE_PREF_SIZE);
                mine.setOnAction(e -> apply.accept(c.recommendation()));
                getChildren().add(mine);
            }
            if (table != null) detail.getChildren().add(table);
            if (!c.pairs().isEmpty()) detail.getChildren().add(pairs(c));
        }
        chart = withChart && c.ran() && !c.rows().isEmpty() ? new ComparisonChart(c) : null;
        if (detail.getChildren().isEmpty()) return;
        top.getChildren().add(disclosure(c, open));
        // the chart beside the words where both fit, else under them: never wider than the panel
        Region body = chart != null ? new BesideOrUnder(16, detail, chart.node()) : detail;
        body.setId("comparison-detail-" + c.workload());
        body.visibleProperty().bind(open);
        body.managedProperty().bind(open);
        getChildren().add(body);
    }

    /** The button that opens and closes the detail: Space or Enter when it has the focus. */
    private static ToggleButton disclosure(Comparison c, BooleanProperty open) {
        ToggleButton toggle = new ToggleButton();
        toggle.setId("open-" + c.workload());
        toggle.getStyleClass().add("disclosure");
        toggle.selectedProperty().bindBidirectional(open);
        toggle.textProperty().bind(javafx.beans.binding.Bindings.when(open).then(Messages.text("ui.bench.comparison.hide"))
                .otherwise(Messages.text("ui.bench.comparison.show")));
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        toggle.setAccessibleText(Messages.text("ui.bench.comparison.detail", c.workload()));
        return toggle;
    }

    /** The chart, null when this comparison has none. */
    JFreeChart chart() {
        return chart == null ? null : chart.chart();
    }

    private static Node table(Comparison c) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("comparison-table");
        grid.setHgap(14);
        grid.setVgap(2);
        String[] heads = {Messages.text("ui.bench.column.scheduler"), Messages.text("ui.bench.column.figure", c.unit()),
                Messages.text("ui.bench.column.versus", c.reference()), Messages.text("ui.bench.column.standing"),
                Messages.text("ui.bench.column.cpu"), Messages.text("ui.bench.column.blocks")};
        for (int col = 0; col < heads.length; col++) grid.add(words(heads[col], "comparison-head"), col, 0);
        int line = 1;
        for (Comparison.Row r : c.rows()) {
            String style = r.recommended() ? "recommended" : "scheduler"; // untranslated: style classes
            Label name = label(r.recommended() ? r.scheduler() + " ★" : r.scheduler(), style);
            grid.add(name, 0, line);
            grid.add(number(r.value()), 1, line);
            grid.add(number(r.versus()), 2, line);
            grid.add(words(r.verdict(), "verdict-word"), 3, line);
            grid.add(number(r.cpuUsPerIo()), 4, line);
            grid.add(number(Integer.toString(r.runs())), 5, line);
            line++;
        }
        // headings and standings wrap between their words where the panel is narrow; figures stay on one line
        return grid;
    }

    /** Every pair's verdict in words, in two columns so a workload of four schedulers stays short. */
    private static Node pairs(Comparison c) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("comparison-pairs");
        grid.setHgap(18);
        grid.setVgap(1);
        int half = (c.pairs().size() + 1) / 2;
        for (int i = 0; i < c.pairs().size(); i++) grid.add(wrapping(c.pairs().get(i), "comparison-pair"), i / half, i % half);
        javafx.scene.layout.ColumnConstraints column = new javafx.scene.layout.ColumnConstraints();
        column.setPercentWidth(50);
        if (c.pairs().size() > 1) grid.getColumnConstraints().addAll(column, column);
        return grid;
    }

    private static Label number(String text) {
        Label l = label(text, "number");
        l.setMaxWidth(Double.MAX_VALUE);
        l.setAlignment(Pos.CENTER_RIGHT);
        return l;
    }

    /** A one-line label that is never cut: it asks for its whole text's width. */
    private static Label label(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label words(String text, String style) {
        Label l = new WordWrappingLabel(text);
        l.getStyleClass().add(style);
        return l;
    }

    /** A sentence that wraps instead of being cut, and takes the height its lines need. */
    static Label wrapping(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
