package io.github.elevator.ui.bench;

import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.rules.RuleStatus;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.RuleActions;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The selected device's benchmark: choices, progress, the live chart of the workload running
 * now, then one comparison per workload with the recommendation and what to do with it.
 */
public final class BenchmarkView extends VBox {
    private final BenchmarkViewModel model;
    private final LiveChart chart = new LiveChart();
    private final RaceChart race = new RaceChart();
    private final QuickTiles liveTiles = new QuickTiles("quick-live");
    private final QuickTiles resultTiles = new QuickTiles("quick-tiles");
    private final VBox liveComparisons = new VBox(8);
    private final VBox resultComparisons = new VBox(6);
    private final List<ComparisonView> shown = new ArrayList<>();
    /** Per workload, whether its detail is open: kept while the cards are made again after every block. */
    private final java.util.Map<String, javafx.beans.property.BooleanProperty> open = new java.util.HashMap<>();
    private StackPane area;
    private final Consumer<String> say;

    public BenchmarkView(BenchmarkViewModel model, Consumer<String> say) {
        this(model, say, null);
    }

    /** With {@code rules}, the winner can be made to stick for the device's whole kind, or for this device. */
    public BenchmarkView(BenchmarkViewModel model, Consumer<String> say, RuleActions rules) {
        super(6);
        this.model = model;
        this.say = say;
        setPadding(new Insets(10, 12, 10, 12));
        setId("benchmark");
        getStylesheets().add(Objects.requireNonNull(BenchmarkView.class.getResource("bench.css"), "bench.css").toExternalForm());

        getChildren().addAll(workloads(), controls(), progress(), recommendation(), actions(rules), results());

        model.liveProperty().addListener((o, was, now) -> {
            // the race changes once a block; the samples' chart starts afresh only for another workload or device
            if (was == null || now == null || was.points() != now.points()) chart.show(now);
            race.show(now);
        });
        chart.show(model.liveProperty().get());
        race.show(model.liveProperty().get());
        model.quickFigures().addListener((ListChangeListener<io.github.elevator.app.QuickFigures>) change -> showTiles());
        model.lockedProperty().addListener((o, was, now) -> showTiles());
        showTiles();
        model.comparisons().addListener((ListChangeListener<Comparison>) change -> showComparisons());
        model.lockedProperty().addListener((o, was, now) -> showComparisons());
        model.recommendationProperty().addListener((o, was, now) -> showComparisons());
        // two devices' reports can be equal card for card; each keeps its own opened details all the same
        model.deviceProperty().addListener((o, was, now) -> showComparisons());
        showComparisons();
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(200), e -> chart.add(model.drain())));
        drain.setCycleCount(Timeline.INDEFINITE);
        // only while a run goes: a running timeline keeps JavaFX drawing 60 frames a second
        model.runningProperty().addListener((o, was, now) -> {
            if (now) drain.play();
            else drain.stop();
            if (!now) chart.add(model.drain());
        });
    }

    private Node workloads() {
        FlowPane row = new FlowPane(12, 4);
        row.getChildren().add(new Label(Messages.text("ui.bench.workloads")));
        for (Workload w : Workload.values()) {
            CheckBox box = new CheckBox(w.id());
            box.setId("workload-" + w.id());
            box.setMinWidth(Region.USE_PREF_SIZE);
            box.selectedProperty().bindBidirectional(model.chosen(w));
            Tooltip tip = new Tooltip();
            tip.textProperty().bind(Bindings.createStringBinding(() -> w.raw()
                    ? Messages.text("ui.bench.workload.tip.raw", w.description(), Comparison.unit(w))
                    : model.writeUnavailableProperty().get().isEmpty()
                    ? Messages.text("ui.bench.workload.tip.write", w.description(), Comparison.unit(w))
                    : Messages.text("ui.bench.workload.tip.unavailable", w.description(), Comparison.unit(w), model.writeUnavailableProperty().get()),
                    model.writeUnavailableProperty()));
            box.setTooltip(tip);
            if (!w.raw()) box.disableProperty().bind(model.writeUnavailableProperty().isNotEmpty().or(model.runningProperty()));
            else box.disableProperty().bind(model.runningProperty());
            row.getChildren().add(box);
        }
        Label writeNote = new Label();
        writeNote.getStyleClass().add("dim");
        writeNote.textProperty().bind(Bindings.createStringBinding(() -> model.writeUnavailableProperty().get().isEmpty() ? ""
                : Messages.text("ui.bench.workloads.unavailable", model.writeUnavailableProperty().get()), model.writeUnavailableProperty()));
        row.getChildren().add(writeNote);
        Label plan = new Label();
        plan.setId("write-plan");
        plan.setWrapText(true);
        plan.textProperty().bind(model.writePlanProperty());
        plan.visibleProperty().bind(model.writePlanProperty().isNotEmpty());
        plan.managedProperty().bind(plan.visibleProperty());
        plan.getStyleClass().add("dim");
        return new VBox(4, row, plan);
    }

    private Node controls() {
        Spinner<Integer> budget = new Spinner<>(BenchmarkViewModel.MIN_BUDGET, BenchmarkViewModel.MAX_BUDGET,
                model.budgetSecondsProperty().get(), 10);
        budget.setId("budget");
        typeable(budget, BenchmarkViewModel::parseBudget, model::setBudget);
        budget.getValueFactory().valueProperty().addListener((o, a, b) -> model.budgetSecondsProperty().set(b));
        model.budgetSecondsProperty().addListener((o, a, b) -> budget.getValueFactory().setValue(b.intValue()));
        budget.setTooltip(new Tooltip(Messages.text("ui.bench.budget.tip")));
        Spinner<BigDecimal> margin = new Spinner<>(new MarginFactory());
        margin.setId("margin");
        margin.getValueFactory().setValue(model.marginPercentProperty().get());
        typeable(margin, BenchmarkViewModel::parseMargin, model::setMargin);
        margin.getValueFactory().valueProperty().addListener((o, a, b) -> model.marginPercentProperty().set(b));
        model.marginPercentProperty().addListener((o, a, b) -> margin.getValueFactory().setValue(b));
        margin.setTooltip(new Tooltip(Messages.text("ui.bench.margin.tip")));
        budget.disableProperty().bind(model.runningProperty());
        margin.disableProperty().bind(model.runningProperty());

        Button quick = new Button(Messages.text("ui.bench.quick"));
        quick.setId("quick");
        quick.setTooltip(new Tooltip(Messages.text("ui.bench.quick.tip")));
        quick.disableProperty().bind(model.canStart().not());
        quick.setOnAction(e -> model.quick());
        Button all = new Button(Messages.text("ui.bench.all"));
        all.setId("benchmark-all");
        all.getStyleClass().add("accent");
        all.setTooltip(new Tooltip(Messages.text("ui.bench.all.tip")));
        all.disableProperty().bind(model.canStart().not());
        all.setOnAction(e -> model.all());
        Button noise = new Button(Messages.text("ui.bench.noise"));
        noise.setId("noise-check");
        noise.setTooltip(new Tooltip(Messages.text("ui.bench.noise.tip")));
        noise.disableProperty().bind(model.canStart().not());
        noise.setOnAction(e -> model.noiseCheck());
        Button cancel = new Button(Messages.text("ui.bench.cancel"));
        cancel.setId("cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        Button fio = new Button(Messages.text("ui.bench.fio"));
        fio.setId("check-with-fio");
        fio.setTooltip(new Tooltip(Messages.text("ui.bench.fio.tip", FioCommand.FIO)));
        fio.disableProperty().bind(model.canStart().not());
        fio.setOnAction(e -> model.checkWithFio());
        Label noFio = new Label(model.fioMissing());
        noFio.setId("fio-missing");
        noFio.setWrapText(true);
        noFio.setMaxWidth(520);
        noFio.getStyleClass().add("dim");
        fio.visibleProperty().bind(model.fioInstalledProperty());
        noFio.visibleProperty().bind(model.fioInstalledProperty().not());
        for (Node n : List.of(fio, noFio)) n.managedProperty().bind(n.visibleProperty());
        for (Button b : List.of(quick, all, noise, fio, cancel)) b.setMinWidth(Region.USE_PREF_SIZE);

        TextField variants = new TextField();
        variants.setId("variants");
        variants.setPromptText(Messages.text("ui.bench.variants.prompt"));
        variants.setPrefColumnCount(16);
        variants.textProperty().bindBidirectional(model.variantsProperty());
        variants.disableProperty().bind(model.runningProperty());
        variants.setTooltip(new Tooltip(Messages.text("ui.bench.variants.tip")));
        Label variantsLabel = new Label(Messages.text("ui.bench.variants"));
        variantsLabel.setMnemonicParsing(true);
        variantsLabel.setLabelFor(variants);
        HBox variantsBox = new HBox(6, variantsLabel, variants);
        variantsBox.setAlignment(Pos.CENTER_LEFT);

        HBox budgetBox = new HBox(6, new Label(Messages.text("ui.bench.budget")), budget, new Label("s"));
        HBox marginBox = new HBox(6, new Label(Messages.text("ui.bench.margin")), margin, new Label("%"));
        budgetBox.setAlignment(Pos.CENTER_LEFT);
        marginBox.setAlignment(Pos.CENTER_LEFT);
        FlowPane settings = new FlowPane(14, 6, budgetBox, marginBox, variantsBox);
        settings.setAlignment(Pos.CENTER_LEFT);
        // the buttons wrap too: in some languages their labels are longer than the panel is wide at 1024 pixels
        FlowPane buttons = new FlowPane(8, 6, quick, all, noise, fio, cancel, noFio);
        buttons.setAlignment(Pos.CENTER_LEFT);
        return new VBox(6, settings, buttons);
    }

    /**
     * Typed text is taken on Enter and when focus leaves. Text that is not a valid value is
     * refused with a message and the last good value comes back; the spinner never clamps or
     * throws on its own.
     */
    private static <T> void typeable(Spinner<T> spinner, Function<String, Optional<T>> parse, Predicate<String> take) {
        StringConverter<T> shown = spinner.getValueFactory().getConverter();
        spinner.getValueFactory().setConverter(new StringConverter<>() {
            @Override
            public String toString(T value) {
                return shown.toString(value);
            }

            @Override
            public T fromString(String text) {
                return parse.apply(text).orElse(spinner.getValue());
            }
        });
        spinner.setEditable(true);
        spinner.setPrefWidth(90);
        spinner.setMinWidth(Region.USE_PREF_SIZE);
        spinner.getEditor().addEventHandler(javafx.event.ActionEvent.ACTION, e -> commit(spinner, take));
        spinner.focusedProperty().addListener((o, was, now) -> {
            if (!now) commit(spinner, take);
        });
    }

    private static <T> void commit(Spinner<T> spinner, Predicate<String> take) {
        String text = spinner.getEditor().getText();
        String current = spinner.getValueFactory().getConverter().toString(spinner.getValue());
        if (!text.equals(current) && take.test(text)) return;
        spinner.getEditor().setText(current);
    }

    private Node progress() {
        ProgressBar bar = new ProgressBar();
        bar.setId("progress");
        bar.progressProperty().bind(model.progressProperty());
        bar.setPrefWidth(220);
        bar.setMinWidth(120);
        bar.visibleProperty().bind(model.lockedProperty());
        bar.managedProperty().bind(bar.visibleProperty());
        Label text = ComparisonView.wrapping("", "progress-text");
        text.setId("progress-text");
        text.textProperty().bind(model.messageProperty());
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(10, bar, text);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private Node results() {
        Label placeholder = ComparisonView.wrapping("", "dim");
        placeholder.setId("results-placeholder");
        placeholder.textProperty().bind(model.placeholderProperty());
        placeholder.setAlignment(Pos.CENTER);
        StackPane empty = new StackPane(placeholder);

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
        HBox livePane = new HBox(10, race.node(), chart.node(), liveList, tilesBeside);

        resultComparisons.setId("results");
        ScrollPane resultPane = scrolling(new VBox(8, resultComparisons, new FioView("fio-sweep", model.fioRows())));
        ScrollPane tilesPane = scrolling(new VBox(8, resultTiles, new FioView("fio-quick", model.fioRows())));
        tilesPane.setId("quick-result");

        BooleanBinding hasResults = Bindings.isNotEmpty(model.comparisons());
        BooleanBinding hasTiles = Bindings.isNotEmpty(model.quickFigures());
        livePane.visibleProperty().bind(model.lockedProperty());
        resultPane.visibleProperty().bind(model.lockedProperty().not().and(hasResults));
        tilesPane.visibleProperty().bind(model.lockedProperty().not().and(hasTiles).and(hasResults.not()));
        empty.visibleProperty().bind(livePane.visibleProperty().not().and(resultPane.visibleProperty().not())
                .and(tilesPane.visibleProperty().not()));
        area = new StackPane(empty, livePane, resultPane, tilesPane) {
            /**
             * Room for every workload's verdict, so the window makes room for the whole verdict
             * without scrolling; with a detail open, what the window gives (the results scroll).
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
        };
        resultPane.visibleProperty().addListener(o -> area.requestLayout());
        VBox.setVgrow(area, Priority.ALWAYS);
        return area;
    }

    /** The results' height when nothing asks for more: enough to see that they are there and scroll them. */
    private static final double MIN_AREA = 160;

    private static ScrollPane scrolling(VBox content) {
        ScrollPane pane = new ScrollPane(content);
        pane.setFitToWidth(true);
        pane.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        pane.getStyleClass().add("comparisons");
        return pane;
    }

    /** How busy the machine was, then the verdict for the whole device. */
    private Node recommendation() {
        Label busy = ComparisonView.wrapping("", "busy-machine");
        busy.setId("busy-machine");
        busy.textProperty().bind(model.busyProperty());
        busy.visibleProperty().bind(busy.textProperty().isNotEmpty());
        busy.managedProperty().bind(busy.visibleProperty());
        Label text = ComparisonView.wrapping("", "verdict");
        text.setId("recommendation");
        text.textProperty().bind(Bindings.createStringBinding(() -> model.recommendationProperty().get().text(),
                model.recommendationProperty()));
        text.visibleProperty().bind(text.textProperty().isNotEmpty());
        text.managedProperty().bind(text.visibleProperty());
        VBox both = new VBox(2, busy, text);
        both.visibleProperty().bind(busy.visibleProperty().or(text.visibleProperty()));
        both.managedProperty().bind(both.visibleProperty());
        return both;
    }

    private Node actions(RuleActions rules) {
        ObservableValue<String> winner = Bindings.createStringBinding(() -> model.recommendationProperty().get().scheduler(),
                model.recommendationProperty());
        BooleanBinding noWinner = Bindings.createBooleanBinding(() -> winner.getValue() == null, winner);
        Button apply = new Button();
        apply.setId("apply-winner");
        apply.textProperty().bind(model.applyTextProperty());
        apply.disableProperty().bind(model.canApplyProperty().not());
        apply.setTooltip(basedOn(Messages.text("ui.bench.apply.tip")));
        apply.setOnAction(e -> model.applyWinner());
        HBox left = new HBox(8, apply);
        if (rules != null) {
            Button forKind = new Button();
            forKind.setId("winner-for-kind");
            forKind.textProperty().bind(Bindings.createStringBinding(() -> forKindLabel(kindOf(model.deviceProperty().get()),
                    winner.getValue() == null ? Messages.text("ui.bench.winner") : winner.getValue()), winner, model.deviceProperty()));
            forKind.disableProperty().bind(noWinner.or(Bindings.createBooleanBinding(() -> kindOf(model.deviceProperty().get()) == null,
                    model.deviceProperty())));
            forKind.setTooltip(basedOn(Messages.text("ui.bench.for-kind.tip")));
            forKind.setOnAction(e -> rules.useForKind(model.deviceProperty().get(), winner.getValue()));
            Button forDevice = new Button(Messages.text("ui.bench.for-device"));
            forDevice.setId("winner-for-device");
            forDevice.disableProperty().bind(noWinner);
            forDevice.setTooltip(basedOn(Messages.text("ui.bench.for-device.tip")));
            forDevice.setOnAction(e -> rules.useForThisDevice(model.deviceProperty().get(), winner.getValue()));
            left.getChildren().addAll(forKind, forDevice);
        }
        MenuItem json = new MenuItem(Messages.text("ui.bench.export.json"));
        json.setOnAction(e -> export("json"));
        MenuItem csv = new MenuItem(Messages.text("ui.bench.export.csv"));
        csv.setOnAction(e -> export("csv"));
        json.disableProperty().bind(model.reportProperty().isNull());
        csv.disableProperty().bind(model.reportProperty().isNull());
        MenuItem png = new MenuItem(Messages.text("ui.bench.export.png"));
        png.setOnAction(e -> saveCharts());
        MenuButton export = new MenuButton(Messages.text("ui.bench.export"), null, json, csv, png);
        export.setId("export");
        Button history = new Button(Messages.text("ui.bench.history"));
        history.setId("history");
        history.setOnAction(e -> showHistory());
        for (Node n : List.of(export, history)) ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        left.getChildren().forEach(n -> ((Region) n).setMinWidth(Region.USE_PREF_SIZE));
        left.setMinWidth(Region.USE_PREF_SIZE);
        // Export and History go under the winner's buttons where the panel is too narrow for one line
        HBox right = new HBox(8, export, history);
        FlowPane row = new FlowPane(24, 6, left, right);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private static io.github.elevator.rules.Kind kindOf(DeviceRow row) {
        if (row == null) return null;
        RuleStatus status = row.ruleStatusProperty().get();
        return status == null ? null : status.kind();
    }

    /** A tooltip saying what a button does, and what the recommendation it acts on is based on, workload by workload. */
    private Tooltip basedOn(String does) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(Bindings.createStringBinding(() -> {
            DeviceAnswer overall = model.recommendationProperty().get();
            return overall.basis().isEmpty() ? does : Messages.text("ui.bench.based-on", does, overall.basis());
        }, model.recommendationProperty()));
        return tip;
    }

    /** "Use bfq for every USB device", with the kind's own phrase for "every USB device" ({@link io.github.elevator.rules.Kind#every}). */
    private static String forKindLabel(io.github.elevator.rules.Kind kind, String scheduler) {
        if (kind == null) return Messages.text("ui.bench.for-kind.unknown", scheduler);
        return Messages.text("ui.bench.for-kind", scheduler, kind.every());
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
            javafx.beans.property.BooleanProperty opened = open.computeIfAbsent(detailKey(c.workload()), w -> {
                javafx.beans.property.BooleanProperty p = new javafx.beans.property.SimpleBooleanProperty(false);
                p.addListener(o -> area.requestLayout());
                return p;
            });
            ComparisonView card = new ComparisonView(c, !live, overall, live ? null : model::applyScheduler, opened);
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
     * The height the panel would like: its minimum, and with a workload's detail open room for all
     * of the results too (the window gives what it has; the results scroll within the rest).
     */
    public double heightWanted(double width) {
        double min = minHeight(width);
        if (area == null || !area.isVisible() || !anyDetailOpen()) return min;
        return min - MIN_AREA + resultComparisons.prefHeight(Math.max(-1, area.getWidth() - 2)) + 4;
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

    /** Whether each chart's value axis reaches above every value it draws. */
    public boolean axesCoverEveryValue() {
        return race.valueUpperBound() >= race.highest() && chart.valueUpperBound() >= chart.maxValue()
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

    private void export(String kind) {
        FileChooser chooser = new FileChooser();
        BenchmarkReport r = model.reportProperty().get();
        if (r == null) return;
        chooser.setInitialFileName("elevator-" + r.device() + "-" + r.finishedAt().replace(':', '-') + "." + kind);
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        if (kind.equals("json")) model.exportJson(f.toPath());
        else model.exportCsv(f.toPath());
    }

    /** The live chart while a benchmark runs, else every workload's comparison chart, one below the other. */
    private void saveCharts() {
        List<JFreeChart> charts = new ArrayList<>();
        if (model.lockedProperty().get()) {
            if (!model.quickModeProperty().get()) charts.add(race.chart());
            charts.add(chart.chart());
        }
        else shown.stream().map(ComparisonView::chart).filter(Objects::nonNull).forEach(charts::add);
        if (charts.isEmpty()) {
            say.accept(Messages.text("ui.bench.no-chart"));
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("elevator-charts.png");
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        int width = 1000, height = 320;
        BufferedImage image = new BufferedImage(width, height * charts.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        for (int i = 0; i < charts.size(); i++) charts.get(i).draw(g, new Rectangle2D.Double(0, i * height, width, height));
        g.dispose();
        model.savePng(f.toPath(), image);
    }

    private void showHistory() {
        io.github.elevator.ui.history.HistoryDialog.open(this, model.deviceProperty().get(), model.historyStore(), model::show, say);
    }

    /** The margin in steps of half a percent, typed values kept as typed. */
    private static final class MarginFactory extends SpinnerValueFactory<BigDecimal> {
        private static final BigDecimal STEP = new BigDecimal("0.5");

        MarginFactory() {
            setConverter(new StringConverter<>() {
                @Override
                public String toString(BigDecimal value) {
                    return value == null ? "" : value.stripTrailingZeros().toPlainString();
                }

                @Override
                public BigDecimal fromString(String text) {
                    return new BigDecimal(text.strip());
                }
            });
        }

        @Override
        public void decrement(int steps) {
            step(STEP.negate().multiply(BigDecimal.valueOf(steps)));
        }

        @Override
        public void increment(int steps) {
            step(STEP.multiply(BigDecimal.valueOf(steps)));
        }

        private void step(BigDecimal by) {
            BigDecimal next = getValue().add(by);
            double v = next.doubleValue();
            if (v >= BenchmarkViewModel.MIN_MARGIN_PERCENT && v <= BenchmarkViewModel.MAX_MARGIN_PERCENT) setValue(next.stripTrailingZeros());
        }
    }
}
