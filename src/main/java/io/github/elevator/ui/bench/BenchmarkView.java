package io.github.elevator.ui.bench;

import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.Workload;
import io.github.elevator.ui.devices.RuleActions;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.jfree.chart.ChartUtils;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/** Benchmark controls, live chart, progress, results and verdict for the selected device. */
public final class BenchmarkView extends VBox {
    private final BenchmarkViewModel model;
    private final LiveChart chart = new LiveChart();
    private final Consumer<String> say;

    public BenchmarkView(BenchmarkViewModel model, Consumer<String> say) {
        this(model, say, null);
    }

    /** With {@code rules}, the winner can be made to stick for the device's whole kind, or for this device. */
    public BenchmarkView(BenchmarkViewModel model, Consumer<String> say, RuleActions rules) {
        super(8);
        this.model = model;
        this.say = say;
        setPadding(new Insets(10, 12, 10, 12));
        setId("benchmark");

        FlowPane workloads = new FlowPane(12, 4);
        workloads.getChildren().add(new Label("Workloads"));
        for (Workload w : Workload.values()) {
            CheckBox box = new CheckBox(w.id());
            box.setId("workload-" + w.id());
            box.selectedProperty().bindBidirectional(model.chosen(w));
            Tooltip tip = new Tooltip();
            tip.textProperty().bind(Bindings.createStringBinding(() -> w.description()
                    + (w.raw() ? " — reads the raw device, never writes it"
                    : model.writeUnavailableProperty().get().isEmpty() ? " — in a private temporary folder, removed afterwards"
                    : " — unavailable: " + model.writeUnavailableProperty().get()), model.writeUnavailableProperty()));
            box.setTooltip(tip);
            if (!w.raw()) box.disableProperty().bind(model.writeUnavailableProperty().isNotEmpty().or(model.runningProperty()));
            else box.disableProperty().bind(model.runningProperty());
            workloads.getChildren().add(box);
        }
        Label writeNote = new Label();
        writeNote.getStyleClass().add("dim");
        writeNote.textProperty().bind(Bindings.createStringBinding(() -> model.writeUnavailableProperty().get().isEmpty() ? ""
                : "(write workloads: " + model.writeUnavailableProperty().get() + ")", model.writeUnavailableProperty()));
        workloads.getChildren().add(writeNote);

        Spinner<Integer> seconds = new Spinner<>(1, 60, 1);
        seconds.setId("seconds");
        seconds.setPrefWidth(75);
        seconds.getValueFactory().valueProperty().addListener((o, a, b) -> model.secondsProperty().set(b));
        Spinner<Integer> repeats = new Spinner<>(1, 10, 3);
        repeats.setId("repeats");
        repeats.setPrefWidth(75);
        repeats.getValueFactory().valueProperty().addListener((o, a, b) -> model.repeatsProperty().set(b));
        Button quick = new Button("_Quick benchmark");
        quick.setId("quick");
        quick.setTooltip(new Tooltip("Measure the current scheduler only"));
        quick.disableProperty().bind(model.canStart().not());
        quick.setOnAction(e -> model.quick());
        Button all = new Button("Benchmark _all schedulers");
        all.setId("benchmark-all");
        all.setDefaultButton(false);
        all.getStyleClass().add("accent");
        all.setTooltip(new Tooltip("Run the same workloads under every scheduler, interleaved and repeated; the original comes back afterwards"));
        all.disableProperty().bind(model.canStart().not());
        all.setOnAction(e -> model.all());
        Button cancel = new Button("_Cancel");
        cancel.setId("cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> model.cancel());
        HBox controls = new HBox(8, new Label("Seconds per run"), seconds, new Label("Repeats"), repeats, quick, all, cancel);
        controls.setAlignment(Pos.CENTER_LEFT);

        ProgressBar bar = new ProgressBar();
        bar.setId("progress");
        bar.progressProperty().bind(model.progressProperty());
        bar.setPrefWidth(260);
        Label progressText = new Label();
        progressText.setId("progress-text");
        progressText.textProperty().bind(model.progressTextProperty());
        HBox progress = new HBox(10, bar, progressText);
        progress.setAlignment(Pos.CENTER_LEFT);

        TableView<ResultRow> table = resultsTable();
        Label verdict = new Label();
        verdict.setId("verdict");
        verdict.setWrapText(true);
        verdict.textProperty().bind(model.verdictProperty());
        verdict.getStyleClass().add("verdict");
        verdict.setMaxWidth(Double.MAX_VALUE);
        verdict.setMinHeight(Region.USE_PREF_SIZE);

        Button apply = new Button();
        apply.setId("apply-winner");
        apply.textProperty().bind(Bindings.createStringBinding(() -> model.winner().map(w -> "Apply " + w).orElse("Apply the winner"),
                model.reportProperty()));
        apply.disableProperty().bind(Bindings.createBooleanBinding(() -> model.winner().isEmpty(), model.reportProperty()));
        apply.setTooltip(new Tooltip("Switch this device to the scheduler that won most workloads by more than the noise"));
        apply.setOnAction(e -> model.applyWinner());
        Button json = new Button("Export JSON…");
        json.disableProperty().bind(model.reportProperty().isNull());
        json.setOnAction(e -> export("json"));
        Button csv = new Button("Export CSV…");
        csv.disableProperty().bind(model.reportProperty().isNull());
        csv.setOnAction(e -> export("csv"));
        Button png = new Button("Save chart…");
        png.setOnAction(e -> saveChart());
        Button history = new Button("_History…");
        history.setOnAction(e -> showHistory());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox actions = new HBox(8, apply);
        if (rules != null) {
            Button forKind = new Button();
            forKind.setId("winner-for-kind");
            forKind.textProperty().bind(Bindings.createStringBinding(() -> model.winner()
                    .map(w -> "Use " + w + " for every device of this kind").orElse("Use the winner for every device of this kind"),
                    model.reportProperty()));
            forKind.disableProperty().bind(Bindings.createBooleanBinding(() -> model.winner().isEmpty(), model.reportProperty()));
            forKind.setTooltip(new Tooltip("Write a udev rule so every device of this kind gets the winner, on every plug-in and after reboots"));
            forKind.setOnAction(e -> rules.useForKind(model.deviceProperty().get(), model.winner().orElseThrow()));
            Button forDevice = new Button("This device only");
            forDevice.setId("winner-for-device");
            forDevice.disableProperty().bind(forKind.disableProperty());
            forDevice.setOnAction(e -> rules.useForThisDevice(model.deviceProperty().get(), model.winner().orElseThrow()));
            actions.getChildren().addAll(forKind, forDevice);
        }
        actions.getChildren().addAll(spacer, json, csv, png, history);
        actions.setAlignment(Pos.CENTER_LEFT);

        HBox resultArea = new HBox(10, chart.node(), table);
        HBox.setHgrow(chart.node(), Priority.ALWAYS);
        chart.node().setPrefWidth(520);
        table.setPrefWidth(560);
        VBox.setVgrow(resultArea, Priority.ALWAYS);
        getChildren().addAll(workloads, controls, progress, resultArea, verdict, actions);

        model.runningProperty().addListener((o, was, now) -> {
            if (now) chart.clear();
        });
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(200), e -> chart.add(model.drain())));
        drain.setCycleCount(Timeline.INDEFINITE);
        // only while a run goes: a running timeline keeps JavaFX drawing 60 frames a second
        model.runningProperty().addListener((o, was, now) -> {
            if (now) drain.play();
            else drain.stop();
            if (!now) chart.add(model.drain());
        });
    }

    /** Series currently drawn: one per scheduler measured so far. */
    public int chartSeries() {
        return chart.seriesCount();
    }

    public int chartPoints() {
        return chart.pointCount();
    }

    private TableView<ResultRow> resultsTable() {
        TableView<ResultRow> t = new TableView<>(model.results());
        t.setId("results");
        t.setPlaceholder(new Label("Results appear here when a benchmark finishes."));
        t.getColumns().add(column("#", r -> Integer.toString(r.rank()), 30));
        t.getColumns().add(column("Workload", ResultRow::workload, 110));
        t.getColumns().add(column("Scheduler", ResultRow::scheduler, 95));
        t.getColumns().add(column("IOPS (± 95 %)", ResultRow::iops, 115));
        t.getColumns().add(column("MiB/s", ResultRow::mibps, 100));
        t.getColumns().add(column("p50 µs", ResultRow::latP50us, 60));
        t.getColumns().add(column("p99 µs", ResultRow::latP99us, 60));
        t.getColumns().add(column("%sys", ResultRow::sysPct, 50));
        t.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        return t;
    }

    private static TableColumn<ResultRow, String> column(String title, java.util.function.Function<ResultRow, String> value, double width) {
        TableColumn<ResultRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new javafx.beans.property.ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private void export(String kind) {
        FileChooser chooser = new FileChooser();
        BenchmarkReport r = model.reportProperty().get();
        chooser.setInitialFileName("elevator-" + r.device() + "-" + r.finishedAt().replace(':', '-') + "." + kind);
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        try {
            if (kind.equals("json")) model.exportJson(f.toPath());
            else model.exportCsv(f.toPath());
            say.accept("Saved " + f);
        } catch (IOException e) {
            say.accept("Could not save " + f + ": " + e.getMessage());
        }
    }

    private void saveChart() {
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("elevator-chart.png");
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        try {
            ChartUtils.saveChartAsPNG(f, chart.chart(), 1200, 700);
            say.accept("Saved " + f);
        } catch (IOException e) {
            say.accept("Could not save " + f + ": " + e.getMessage());
        }
    }

    private void showHistory() {
        io.github.elevator.ui.history.HistoryDialog.open(this, model.deviceProperty().get(), model.historyStore(), model::show, say);
    }
}
