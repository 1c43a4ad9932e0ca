package io.github.elevator.ui.window;

import io.github.elevator.ui.common.Icon;
import io.github.elevator.ui.common.LazyTooltip;
import io.github.elevator.ui.common.MessageDialog;
import io.github.elevator.ui.startup.AfterFirstFrame;
import io.github.elevator.ui.startup.Coming;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.bench.BenchmarkView;
import io.github.elevator.ui.bench.BenchmarkController;
import io.github.elevator.ui.devices.DeviceViews;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.RuleActions;
import io.github.elevator.ui.rules.ConfirmedRuleActions;
import io.github.elevator.ui.rules.RulesViewModel;
import io.github.elevator.ui.rules.RulesWindow;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The whole window: toolbar, device list with details, the benchmark panel, and the status line. */
public final class MainWindow extends BorderPane {
    private final VBox top = new VBox();
    /** What the ticked workloads write where, for the first-run hint. */
    private final javafx.beans.value.ObservableStringValue writePlan;

    public MainWindow(DeviceListViewModel devices, BenchmarkController bench) {
        this(devices, bench, null);
    }

    /** With {@code rules}, a Rules button opens the rules view and each device shows its rule. */
    public MainWindow(DeviceListViewModel devices, BenchmarkController bench, RulesViewModel rules) {
        writePlan = bench.model().writePlanProperty();
        Label title = new Label(Messages.text("ui.title"));
        title.getStyleClass().add("app-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label subtitle = new Label(Messages.text("ui.subtitle"));
        subtitle.getStyleClass().add("dim");
        subtitle.setMinWidth(0);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button refresh = new Button(Messages.text("ui.refresh"), Icon.REFRESH.node(16));
        refresh.setId("refresh");
        LazyTooltip.install(refresh, Messages.text("ui.refresh.tip"));
        refresh.setOnAction(e -> {
            devices.refresh();
            if (rules != null) rules.refreshUnlessEdited();
        });
        Button guide = new Button(Messages.text("ui.guide"));
        guide.setId("scheduler-guide");
        LazyTooltip.install(guide, Messages.text("ui.guide.tip"));
        guide.setOnAction(e -> MessageDialog.show(getScene().getWindow(), Messages.text("ui.guide.title"), GuideText.schedulers()));
        HBox toolbar = new HBox(10, title, subtitle, spacer, refresh);
        RuleActions ruleActions = null;
        if (rules != null) {
            RulesWindow window = new RulesWindow(rules);
            Button open = new Button(Messages.text("ui.rules"), Icon.RULE.node(16));
            open.setId("rules");
            LazyTooltip.install(open, Messages.text("ui.rules.tip"));
            open.setOnAction(e -> window.show(getScene().getWindow()));
            toolbar.getChildren().add(open);
            getStylesheets().add(RulesWindow.stylesheet("rules.css"));
            ruleActions = new ConfirmedRuleActions(rules, () -> getScene() == null ? null : getScene().getWindow());
        }
        toolbar.getChildren().add(guide);
        for (var node : toolbar.getChildren()) if (node instanceof Button b) b.setMinWidth(Region.USE_PREF_SIZE);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(8, 12, 8, 12));
        toolbar.getStyleClass().add("toolbar");
        top.getChildren().add(toolbar);

        DeviceViews list = new DeviceViews(devices, ruleActions);
        toolbar.getChildren().add(toolbar.getChildren().indexOf(refresh), LoopDevicesSwitch.create(devices));
        bench.model().deviceProperty().bind(list.table().selectedProperty());
        bench.sayAboutTo(devices::sayAbout);
        // a device that goes away says so in the benchmark panel, and its benchmark stops
        devices.rows().addListener((javafx.collections.ListChangeListener<io.github.elevator.ui.devices.DeviceRow>) change -> {
            while (change.next()) {
                for (var row : change.getRemoved()) if (!devices.rows().contains(row)) bench.gone(row.name());
            }
        });
        // The device a run started on stays locked until the run ends, wherever the selection goes.
        bench.model().runningProperty().addListener((o, was, running) ->
                devices.underBenchmarkProperty().set(running ? bench.model().deviceProperty().get() : null));
        // The benchmark panel (chart, tables, two dozen controls) is built once the device list is
        // on screen: built with it, it held back the first frame by about a third of a second.
        StackPane benchSlot = new StackPane() {
            /**
             * Asked without a width (the scroll pane asks so when it decides on its bar), the height
             * the panel needs at the width it has: at no width its rows of buttons and its sentences
             * would each seem to take one line, and a panel cut at the bottom would show no bar.
             */
            @Override
            protected double computeMinHeight(double width) {
                return super.computeMinHeight(width < 0 && getWidth() > 0 ? getWidth() : width);
            }
        };
        benchSlot.setId("benchmark-slot");
        benchSlot.getChildren().add(Coming.placeholder("benchmark-coming", Messages.text("ui.startup.benchmark-coming")));
        RuleActions benchRules = ruleActions;
        // Where the window is smaller than the panel needs, it scrolls rather than losing its bottom.
        ScrollPane benchScroll = new ScrollPane(benchSlot);
        benchScroll.setId("benchmark-scroll");
        benchScroll.setFitToWidth(true);
        benchScroll.setFitToHeight(true);
        benchScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        benchScroll.getStyleClass().add("edge-to-edge");
        // under the list: the selected device on the left, its benchmark on the right; the list keeps the whole width for its columns
        SplitPane bottom = new SplitPane(list.details(), benchScroll);
        bottom.setId("device-and-benchmark");
        SplitPane.setResizableWithParent(list.details(), false);
        SplitPane split = new SplitPane(list.table(), bottom);
        split.setOrientation(Orientation.VERTICAL);
        list.table().setMinHeight(RoomUnderTheList.LIST_MIN_HEIGHT);
        // the list takes what the details and the benchmark leave: they get the height they need (their minimum, below)
        split.setDividerPositions(1);
        // until the panel is built and says what it needs: about its height, so that the lines saying
        // the panes are coming show whole, and the list does not shrink when the panel comes
        bottom.setMinHeight(RoomUnderTheList.BEFORE_THE_PANEL);
        widthProperty().addListener(new javafx.beans.InvalidationListener() {
            @Override
            public void invalidated(javafx.beans.Observable o) {
                if (getWidth() <= 0) return;
                widthProperty().removeListener(this);
                bottom.setDividerPositions(Math.min(0.45, DeviceViews.DETAILS_WIDTH / getWidth()));
            }
        });
        // The details first (a tenth of the panel's cost), then the panel once the details are drawn
        // and whatever the person did meanwhile (a click queued behind them) has been handled; each
        // pane says it is coming until then. Waited for from the table instead, the details came
        // 1.5 s later at load 11.
        AfterFirstFrame.run(this, () -> {
            list.buildDetails();
            AfterFirstFrame.run(this, () -> {
                BenchmarkView view = new BenchmarkView(bench, devices::say, benchRules);
                benchSlot.getChildren().setAll(view);
                new RoomUnderTheList(this, split, bottom, list.details(), benchScroll, view);
            });
        });

        setTop(top);
        setCenter(split);
        setBottom(new StatusBar(devices.statusProperty()));
    }

    /** A note above the device list for someone who opens Elevator for the first time; {@code dismissed} runs when closed. */
    public void showFirstRunHint(Runnable dismissed) {
        Label text = new Label();
        text.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> GuideText.firstRun(writePlan.get()), writePlan));
        text.setId("first-run-hint");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button close = new Button(Messages.text("ui.hint.close"));
        close.setId("first-run-close");
        close.setMinWidth(Region.USE_PREF_SIZE);
        HBox hint = new HBox(10, text, close);
        hint.setAlignment(Pos.CENTER_LEFT);
        hint.setPadding(new Insets(6, 12, 6, 12));
        hint.getStyleClass().add("hint-bar");
        close.setOnAction(e -> {
            top.getChildren().remove(hint);
            dismissed.run();
        });
        top.getChildren().add(hint);
    }
}
