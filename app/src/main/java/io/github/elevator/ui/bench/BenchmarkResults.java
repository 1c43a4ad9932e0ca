package io.github.elevator.ui.bench;

import io.github.elevator.app.QuickFigures;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The benchmark panel's results area: while a sweep runs, its race, live chart and decisions so
 * far (or the quick benchmark's tiles); after, one comparison per workload with its chart and
 * detail (or the tiles); else what the area would show.
 */
public final class BenchmarkResults extends StackPane {
    /** The results' height when nothing asks for more: enough to see that they are there and scroll them. */
    private static final double MIN_AREA = 160;

    private final BenchmarkModel model;
    private final Consumer<String> apply;
    private final LiveChart chart = new LiveChart();
    private final RaceChart race = new RaceChart();
    private final QuickTiles liveTiles = new QuickTiles("quick-live");
    private final QuickTiles resultTiles = new QuickTiles("quick-tiles");
    private final VBox liveComparisons = new VBox(8);
    private final VBox resultComparisons = new VBox(6);
    private final List<ComparisonView> shown = new ArrayList<>();
    /** Per workload, whether its detail is open: kept while the cards are made again after every block. */
    private final Map<String, BooleanProperty> open = new HashMap<>();
    private final ScrollPane resultPane;
    private final ScrollPane tilesPane;
    /** fio's rows under the quick tiles, which ask for room when they are shown. */
    private final FioView quickFio;
    /** The link that opens fio's rows under the tiles, for the status line: under the tiles a low window hid it. */
    private final Hyperlink quickFioOpener;
    /** How many of the live view's points the chart has drawn. */
    private int drawn;

    /** {@code apply} switches the device to a scheduler a comparison offers. */
    BenchmarkResults(BenchmarkModel model, Consumer<String> apply) {
        this.model = model;
        this.apply = apply;
        Label placeholder = ComparisonView.wrapping("", "dim");
        placeholder.setId("results-placeholder");
        placeholder.textProperty().bind(model.placeholderProperty());
        placeholder.setAlignment(Pos.CENTER);
        StackPane empty = new StackPane(placeholder);
        HBox livePane = livePane();
        resultComparisons.setId("results");
        resultPane = scrolling(new VBox(8, resultComparisons, new FioView("fio-sweep", model.fioRows())));
        quickFio = new FioView("fio-quick", model.fioRows());
        tilesPane = scrolling(new VBox(8, resultTiles, quickFio));
        tilesPane.setId("quick-result");
        quickFioOpener = quickFio.openerElsewhere(tilesPane.visibleProperty());

        BooleanBinding hasResults = Bindings.isNotEmpty(model.comparisons());
        BooleanBinding hasTiles = Bindings.isNotEmpty(model.quickFigures());
        livePane.visibleProperty().bind(model.lockedProperty());
        resultPane.visibleProperty().bind(model.lockedProperty().not().and(hasResults));
        tilesPane.visibleProperty().bind(model.lockedProperty().not().and(hasTiles).and(hasResults.not()));
        empty.visibleProperty().bind(livePane.visibleProperty().not().and(resultPane.visibleProperty().not())
                .and(tilesPane.visibleProperty().not()));
        getChildren().addAll(empty, livePane, resultPane, tilesPane);
        resultPane.visibleProperty().addListener(o -> requestLayout());
        VBox.setVgrow(this, Priority.ALWAYS);
        follow();
    }

    private HBox livePane() {
        liveComparisons.setId("live-comparisons");
        ScrollPane liveList = scrolling(liveComparisons);
        chart.node().setPrefWidth(340);
        race.node().setPrefWidth(340);
        HBox.setHgrow(chart.node(), Priority.ALWAYS);
        HBox.setHgrow(race.node(), Priority.ALWAYS);
        liveList.setPrefWidth(440);
        // narrow enough for the three side by side beside the details at 1024 pixels: the cards' words wrap, the charts shrink
        liveList.setMinWidth(220);
        chart.node().setMinWidth(160);
        race.node().setMinWidth(160);
        HBox.setHgrow(liveList, Priority.ALWAYS);
        // a comparison races its schedulers beside the slice running now; the quick benchmark fills its tiles instead
        for (Node n : List.of(race.node(), liveList)) {
            n.visibleProperty().bind(model.quickModeProperty().not());
            n.managedProperty().bind(n.visibleProperty());
        }
        VBox tilesBeside = new VBox(liveTiles);
        tilesBeside.visibleProperty().bind(model.quickModeProperty());
        tilesBeside.managedProperty().bind(tilesBeside.visibleProperty());
        liveTiles.setMinWidth(0);
        return new HBox(10, race.node(), chart.node(), liveList, tilesBeside);
    }

    /** Draws what the model shows, and again whenever it changes. */
    private void follow() {
        model.liveProperty().addListener((o, was, now) -> {
            // the race changes once a block; the samples' chart starts afresh only for another workload or device
            if (was == null || now == null || was.points() != now.points()) {
                chart.show(now);
                drawn = now == null || now.points() == null ? 0 : now.points().size();
            }
            race.show(now);
        });
        model.livePointsProperty().addListener((o, was, now) -> addPoints(now.intValue()));
        chart.show(model.liveProperty().get());
        race.show(model.liveProperty().get());
        model.quickFigures().addListener((ListChangeListener<QuickFigures>) change -> showTiles());
        model.lockedProperty().addListener((o, was, now) -> showTiles());
        showTiles();
        model.comparisons().addListener((ListChangeListener<Comparison>) change -> showComparisons());
        model.lockedProperty().addListener((o, was, now) -> showComparisons());
        model.recommendationProperty().addListener((o, was, now) -> showComparisons());
        // two devices' reports can be equal card for card; each keeps its own opened details all the same
        model.deviceProperty().addListener((o, was, now) -> showComparisons());
        showComparisons();
    }

    /** The points of the live view the chart has not drawn yet; after the oldest were dropped, only the next ones. */
    private void addPoints(int count) {
        LiveView live = model.liveProperty().get();
        if (live != null && live.points() != null && drawn < count) chart.add(List.copyOf(live.points().subList(drawn, count)));
        drawn = count;
    }

    /**
     * Room for every workload's verdict, so the window makes room for the whole verdict without
     * scrolling; with a detail open, what the window gives (the results scroll).
     */
    @Override
    protected double computeMinHeight(double width) {
        if (!resultPane.isVisible() || anyDetailOpen()) return MIN_AREA;
        // asked without a width (a VBox asks so), the width it has: at the width the labels would
        // have on one line their height would be too little where they wrap
        double at = width >= 0 ? width : getWidth();
        double inner = at <= 0 ? -1 : at - snappedLeftInset() - snappedRightInset() - 2;
        return Math.max(MIN_AREA, resultComparisons.prefHeight(inner) + 4);
    }

    /** Never less than the minimum: a scroll pane around the panel offers its bar by the preferred height. */
    @Override
    protected double computePrefHeight(double width) {
        return Math.max(super.computePrefHeight(width), computeMinHeight(width));
    }

    private static ScrollPane scrolling(VBox content) {
        ScrollPane pane = new ScrollPane(content);
        pane.setFitToWidth(true);
        pane.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        pane.getStyleClass().add("comparisons");
        return pane;
    }

    /** Whether a detail of the shown device's report is open (another device's keeps its own, unseen). */
    private boolean anyDetailOpen() {
        String here = detailKey("");
        return open.entrySet().stream().anyMatch(e -> e.getKey().startsWith(here) && e.getValue().get());
    }

    /** Where a workload's opened detail is kept: per device and workload, so it is that report's, not the next device's. */
    private String detailKey(String workload) {
        var row = model.deviceProperty().get();
        return (row == null ? "" : row.name()) + "/" + workload;
    }

    /** Rebuilds the comparisons: beside the live chart while running, with their own charts after. */
    private void showComparisons() {
        boolean live = model.lockedProperty().get();
        String overall = model.recommendationProperty().get().scheduler();
        shown.clear();
        List<Node> cards = new ArrayList<>();
        for (Comparison c : model.comparisons()) {
            BooleanProperty opened = open.computeIfAbsent(detailKey(c.workload()), w -> {
                BooleanProperty p = new SimpleBooleanProperty(false);
                p.addListener(o -> requestLayout());
                return p;
            });
            ComparisonView card = new ComparisonView(c, !live, overall, live ? null : apply, opened);
            shown.add(card);
            cards.add(card);
        }
        (live ? liveComparisons : resultComparisons).getChildren().setAll(cards);
        (live ? resultComparisons : liveComparisons).getChildren().clear();
    }

    /** Shows the quick figures: beside the live chart while the quick benchmark runs, on their own after. */
    private void showTiles() {
        boolean live = model.lockedProperty().get();
        (live ? liveTiles : resultTiles).show(model.quickFigures());
        (live ? resultTiles : liveTiles).show(List.of());
    }

    /**
     * With a workload's detail open, the height its whole results would like beyond the area's
     * minimum; with fio's rows shown (after a check with fio, or opened), the height of the tiles and
     * those rows; else 0.
     */
    double moreWanted() {
        if (!isVisible()) return 0;
        double inner = Math.max(-1, getWidth() - 2);
        if (tilesPane.isVisible() && quickFio.rowsShown()) return tilesPane.getContent().prefHeight(inner) + 4 - MIN_AREA;
        if (!anyDetailOpen()) return 0;
        return resultComparisons.prefHeight(inner) + 4 - MIN_AREA;
    }

    /** After a quick benchmark fio did not check, the link that opens fio's commands under the tiles; hidden otherwise. */
    Hyperlink quickFioOpener() {
        return quickFioOpener;
    }

    /** The live charts while a benchmark runs, else every workload's comparison chart, one below the other. */
    List<JFreeChart> charts() {
        List<JFreeChart> charts = new ArrayList<>();
        if (model.lockedProperty().get()) {
            if (!model.quickModeProperty().get()) charts.add(race.chart());
            charts.add(chart.chart());
        }
        else shown.stream().map(ComparisonView::chart).filter(Objects::nonNull).forEach(charts::add);
        return charts;
    }

    /** The quick benchmark's tiles shown (beside the live chart, or as its result). */
    public int quickTileCount() {
        return liveTiles.getChildren().size() + resultTiles.getChildren().size();
    }

    /** Series drawn on the race chart: one per scheduler estimated so far in the current workload. */
    public int raceSeries() {
        return race.seriesCount();
    }

    public int racePoints() {
        return race.pointCount();
    }

    /** The race chart's value axis, {lower, upper}, and its estimates' {smallest, largest}. */
    public double[][] raceAxisAndEstimates() {
        return new double[][] {{race.valueLowerBound(), race.valueUpperBound()}, {race.lowest(), race.highest()}};
    }

    /** Intervals cut at the race chart's axis, each marked. */
    public int raceCuts() {
        return race.cutCount();
    }

    /** Whether each chart's value axis covers every value it draws (the race's: every estimate). */
    public boolean axesCoverEveryValue() {
        return race.valueUpperBound() >= race.highest() && race.valueLowerBound() <= race.lowest()
                && chart.valueUpperBound() >= chart.maxValue()
                && chart.timeUpperBound() >= chart.lastSecond();
    }

    /** Series currently drawn on the live chart: one per scheduler measured so far in the current workload. */
    public int chartSeries() {
        return chart.seriesCount();
    }

    public int chartPoints() {
        return chart.pointCount();
    }

    /** The live chart's title: the workload it shows and its unit; empty when nothing runs. */
    public String chartTitle() {
        return chart.title();
    }

    /** How many comparisons (one per workload) the results show. */
    public int comparisonCount() {
        return shown.size();
    }
}
