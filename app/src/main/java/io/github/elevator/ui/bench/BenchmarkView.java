package io.github.elevator.ui.bench;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.RuleActions;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The selected device's benchmark: choices, progress, the live chart of the workload running
 * now, then one comparison per workload with the recommendation and what to do with it. It
 * renders {@link BenchmarkModel} and hands clicks to {@link BenchmarkController}.
 */
public final class BenchmarkView extends VBox {
    private final BenchmarkController bench;
    private final BenchmarkModel model;
    private final BenchmarkResults results;

    public BenchmarkView(BenchmarkController bench, Consumer<String> say) {
        this(bench, say, null);
    }

    /** With {@code rules}, the winner can be made to stick for the device's whole kind, or for this device. */
    public BenchmarkView(BenchmarkController bench, Consumer<String> say, RuleActions rules) {
        super(6);
        this.bench = bench;
        this.model = bench.model();
        this.results = new BenchmarkResults(model, bench::applyScheduler);
        setPadding(new Insets(10, 12, 10, 12));
        setId("benchmark");
        getStylesheets().add(Objects.requireNonNull(BenchmarkView.class.getResource("bench.css"), "bench.css").toExternalForm());
        getChildren().addAll(workloads(), controls(), progress(), recommendation(), new BenchmarkActions(bench, results, say, rules),
                results);
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
        // a line of its own that wraps: the reasons can be longer than the row of workloads is wide
        Label writeNote = ComparisonView.wrapping("", "dim");
        writeNote.setId("write-unavailable");
        writeNote.textProperty().bind(Bindings.createStringBinding(() -> model.writeUnavailableProperty().get().isEmpty() ? ""
                : Messages.text("ui.bench.workloads.unavailable", model.writeUnavailableProperty().get()), model.writeUnavailableProperty()));
        writeNote.visibleProperty().bind(model.writeUnavailableProperty().isNotEmpty());
        writeNote.managedProperty().bind(writeNote.visibleProperty());
        Label plan = ComparisonView.wrapping("", "dim");
        plan.setId("write-plan");
        plan.textProperty().bind(model.writePlanProperty());
        plan.visibleProperty().bind(model.writePlanProperty().isNotEmpty());
        plan.managedProperty().bind(plan.visibleProperty());
        return new VBox(4, row, writeNote, plan);
    }

    private Node controls() {
        Spinner<Integer> budget = new Spinner<>(BenchInput.MIN_BUDGET, BenchInput.MAX_BUDGET, model.budgetSecondsProperty().get(), 10);
        budget.setId("budget");
        TypedSpinners.typeable(budget, BenchInput::parseBudget, bench::setBudget);
        budget.getValueFactory().valueProperty().addListener((o, a, b) -> model.budgetSecondsProperty().set(b));
        model.budgetSecondsProperty().addListener((o, a, b) -> budget.getValueFactory().setValue(b.intValue()));
        budget.setTooltip(new Tooltip(Messages.text("ui.bench.budget.tip")));
        Spinner<BigDecimal> margin = new Spinner<>(new TypedSpinners.MarginFactory());
        margin.setId("margin");
        margin.getValueFactory().setValue(model.marginPercentProperty().get());
        TypedSpinners.typeable(margin, BenchInput::parseMargin, bench::setMargin);
        margin.getValueFactory().valueProperty().addListener((o, a, b) -> model.marginPercentProperty().set(b));
        model.marginPercentProperty().addListener((o, a, b) -> margin.getValueFactory().setValue(b));
        margin.setTooltip(new Tooltip(Messages.text("ui.bench.margin.tip")));
        budget.disableProperty().bind(model.runningProperty());
        margin.disableProperty().bind(model.runningProperty());

        Button quick = startButton("quick", "ui.bench.quick", Messages.text("ui.bench.quick.tip"), bench::quick);
        Button all = startButton("benchmark-all", "ui.bench.all", Messages.text("ui.bench.all.tip"), bench::all);
        all.getStyleClass().add("accent");
        Button noise = startButton("noise-check", "ui.bench.noise", Messages.text("ui.bench.noise.tip"), bench::noiseCheck);
        Button cancel = new Button(Messages.text("ui.bench.cancel"));
        cancel.setId("cancel");
        cancel.disableProperty().bind(model.runningProperty().not());
        cancel.setOnAction(e -> bench.cancel());
        Button fio = startButton("check-with-fio", "ui.bench.fio", Messages.text("ui.bench.fio.tip", FioCommand.FIO), bench::checkWithFio);
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

    /** A button that starts a benchmark: enabled while one can start. */
    private Button startButton(String id, String label, String tip, Runnable start) {
        Button b = new Button(Messages.text(label));
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.disableProperty().bind(model.canStart().not());
        b.setOnAction(e -> start.run());
        return b;
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
        // the sentence wraps before the link is shortened, and the link stands at the line's end
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        // after a quick benchmark fio did not check, the link to fio's commands: on this line it is in view at
        // 1024x768 and at the window's minimum, where under the tiles it came below what their pane shows
        Hyperlink fio = results.quickFioOpener();
        fio.getStyleClass().add("progress-link");
        HBox row = new HBox(10, bar, text, fio);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
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
        VBox both = new VBox(2, busy, text, longer());
        both.visibleProperty().bind(busy.visibleProperty().or(text.visibleProperty()));
        both.managedProperty().bind(both.visibleProperty());
        return both;
    }

    /** Under a not-measured answer: how long telling its leaders apart would take, and "Measure longer (about 6 min)". */
    private Node longer() {
        Label note = ComparisonView.wrapping("", "longer-note");
        note.setId("longer-note");
        note.getStyleClass().add("dim");
        note.textProperty().bind(Bindings.createStringBinding(() -> model.runningProperty().get() ? ""
                : LongerOffer.sentence(model.reportProperty().get()), model.reportProperty(), model.runningProperty()));
        Button more = new Button();
        more.setId("measure-longer");
        more.setMinWidth(Region.USE_PREF_SIZE);
        more.textProperty().bind(Bindings.createStringBinding(() -> LongerOffer.label(model.reportProperty().get()), model.reportProperty()));
        more.setTooltip(new Tooltip(Messages.text("ui.bench.longer.tip")));
        more.visibleProperty().bind(more.textProperty().isNotEmpty().and(note.textProperty().isNotEmpty()));
        more.disableProperty().bind(model.canStart().not());
        more.setOnAction(e -> bench.measureLonger());
        // one under the other: a wrapping sentence beside a button would widen the panel past a 1024-pixel window
        VBox row = new VBox(4, note, more);
        row.visibleProperty().bind(note.textProperty().isNotEmpty());
        row.managedProperty().bind(row.visibleProperty());
        more.managedProperty().bind(more.visibleProperty());
        return row;
    }

    /**
     * The height the panel would like: its minimum, and with a workload's detail open room for all
     * of the results too (the window gives what it has; the results scroll within the rest).
     */
    public double heightWanted(double width) {
        return minHeight(width) + results.moreWanted();
    }

    /** The results area, with what its charts and cards show. */
    public BenchmarkResults results() {
        return results;
    }
}
