package io.github.elevator.ui.bench;

import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.RuleStatus;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.RuleActions;
import io.github.elevator.ui.history.HistoryDialog;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import org.jfree.chart.JFreeChart;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** What to do with the selected device's results: apply the winner, make it stick, export, see the history. */
final class BenchmarkActions extends FlowPane {
    private final BenchmarkController bench;
    private final BenchmarkModel model;
    private final BenchmarkResults results;
    private final Consumer<String> say;

    /** With {@code rules}, the winner can be made to stick for the device's whole kind, or for this device. */
    BenchmarkActions(BenchmarkController bench, BenchmarkResults results, Consumer<String> say, RuleActions rules) {
        super(8, 6);
        this.bench = bench;
        this.model = bench.model();
        this.results = results;
        this.say = say;
        ObservableValue<String> winner = Bindings.createStringBinding(() -> model.recommendationProperty().get().scheduler(),
                model.recommendationProperty());
        BooleanBinding noWinner = Bindings.createBooleanBinding(() -> winner.getValue() == null, winner);
        Button apply = new Button();
        apply.setId("apply-winner");
        apply.textProperty().bind(model.applyTextProperty());
        apply.disableProperty().bind(model.canApplyProperty().not());
        apply.setTooltip(basedOn(Messages.text("ui.bench.apply.tip")));
        apply.setOnAction(e -> bench.applyWinner());
        List<Region> buttons = new ArrayList<>(List.of(apply));
        if (rules != null) {
            Button forKind = new Button();
            forKind.setId("winner-for-kind");
            forKind.textProperty().bind(Bindings.createStringBinding(() -> forKindLabel(kindOf(model.deviceProperty().get()),
                    winner.getValue() == null ? Messages.text("ui.bench.winner") : winner.getValue()), winner, model.deviceProperty()));
            forKind.disableProperty().bind(noWinner.or(Bindings.createBooleanBinding(() -> kindOf(model.deviceProperty().get()) == null,
                    model.deviceProperty())));
            forKind.setTooltip(basedOn(Messages.text("ui.bench.for-kind.tip")));
            forKind.setOnAction(e -> {
                DeviceRow row = model.deviceProperty().get();
                String scheduler = winner.getValue();
                if (!model.recommendationProperty().get().notMeasured() || askNotMeasured(row, scheduler)) rules.useForKind(row, scheduler);
            });
            Button forDevice = new Button(Messages.text("ui.bench.for-device"));
            forDevice.setId("winner-for-device");
            forDevice.disableProperty().bind(noWinner);
            forDevice.setTooltip(basedOn(Messages.text("ui.bench.for-device.tip")));
            forDevice.setOnAction(e -> rules.useForThisDevice(model.deviceProperty().get(), winner.getValue()));
            buttons.addAll(List.of(forKind, forDevice));
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
        history.setOnAction(e -> HistoryDialog.open(this, model.deviceProperty().get(), bench.historyStore(), bench::show, say));
        // each of the winner's buttons wraps on its own: in German the three are wider than the panel at 1024 pixels;
        // Export and History, short, go together, a wider gap after the winner's where they share its line
        for (Region b : List.of(export, history)) b.setMinWidth(Region.USE_PREF_SIZE);
        HBox report = new HBox(8, export, history);
        FlowPane.setMargin(buttons.get(buttons.size() - 1), new Insets(0, 16, 0, 0));
        buttons.add(report);
        for (Region b : buttons) b.setMinWidth(Region.USE_PREF_SIZE);
        getChildren().addAll(buttons);
        setAlignment(Pos.CENTER_LEFT);
    }

    private static Kind kindOf(DeviceRow row) {
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

    /**
     * Before a not-measured answer is made a rule for a whole kind: the question that says so
     * ("This answer is not measured: … Write a rule for every USB device anyway?"); true to go on.
     */
    private boolean askNotMeasured(DeviceRow row, String scheduler) {
        Kind kind = kindOf(row);
        Alert question = new Alert(Alert.AlertType.CONFIRMATION, Messages.text("ui.bench.for-kind.not-measured", scheduler,
                kind == null ? Messages.text("ui.bench.for-kind.unknown.every") : kind.every()), ButtonType.OK, ButtonType.CANCEL);
        question.getDialogPane().setId("not-measured-question");
        question.setHeaderText(null);
        if (getScene() != null) question.initOwner(getScene().getWindow());
        question.getDialogPane().setMinHeight(Region.USE_PREF_SIZE);
        return question.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    /** "Use bfq for every USB device", with the kind's own phrase for "every USB device" ({@link Kind#every}). */
    private static String forKindLabel(Kind kind, String scheduler) {
        if (kind == null) return Messages.text("ui.bench.for-kind.unknown", scheduler);
        return Messages.text("ui.bench.for-kind", scheduler, kind.every());
    }

    private void export(String kind) {
        FileChooser chooser = new FileChooser();
        BenchmarkReport r = model.reportProperty().get();
        if (r == null) return;
        chooser.setInitialFileName("elevator-" + r.device() + "-" + r.finishedAt().replace(':', '-') + "." + kind);
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        if (kind.equals("json")) bench.export().json(f.toPath());
        else bench.export().csv(f.toPath());
    }

    /** The live chart while a benchmark runs, else every workload's comparison chart, one below the other. */
    private void saveCharts() {
        List<JFreeChart> charts = results.charts();
        if (charts.isEmpty()) {
            say.accept(Messages.text("ui.bench.no-chart"));
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setInitialFileName("elevator-charts.png");
        File f = chooser.showSaveDialog(getScene().getWindow());
        if (f == null) return;
        bench.export().png(f.toPath(), ChartPicture.of(bench.chartsCaption(), charts));
    }
}
