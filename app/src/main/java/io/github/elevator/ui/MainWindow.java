package io.github.elevator.ui;

import io.github.elevator.ui.bench.BenchmarkView;
import io.github.elevator.ui.bench.BenchmarkViewModel;
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

    public MainWindow(DeviceListViewModel devices, BenchmarkViewModel bench) {
        this(devices, bench, null);
    }

    /** With {@code rules}, a Rules button opens the rules view and each device shows its rule. */
    public MainWindow(DeviceListViewModel devices, BenchmarkViewModel bench, RulesViewModel rules) {
        Label title = new Label("Elevator");
        title.getStyleClass().add("app-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label subtitle = new Label("I/O schedulers of every block device");
        subtitle.getStyleClass().add("dim");
        subtitle.setMinWidth(0);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button refresh = new Button("_Refresh", Icon.REFRESH.node(16));
        refresh.setId("refresh");
        LazyTooltip.install(refresh, "Read every device and the rules again (the window also follows changes by itself)");
        refresh.setOnAction(e -> {
            devices.refresh();
            if (rules != null) rules.refreshUnlessEdited();
        });
        Button guide = new Button("Scheduler _guide");
        guide.setId("scheduler-guide");
        LazyTooltip.install(guide, "What none, mq-deadline, kyber and bfq are each good for");
        guide.setOnAction(e -> Messages.show(getScene().getWindow(), "Which scheduler for what", GuideText.schedulers()));
        HBox toolbar = new HBox(10, title, subtitle, spacer, refresh);
        RuleActions ruleActions = null;
        if (rules != null) {
            RulesWindow window = new RulesWindow(rules);
            Button open = new Button("R_ules", Icon.RULE.node(16));
            open.setId("rules");
            LazyTooltip.install(open, "Keep a scheduler for a kind of disk across unplugging and reboots");
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
        toolbar.getChildren().add(toolbar.getChildren().indexOf(refresh), loopSwitch(devices));
        bench.deviceProperty().bind(list.table().selectedProperty());
        bench.sayAboutTo(devices::sayAbout);
        // a device that goes away says so in the benchmark panel, and its benchmark stops
        devices.rows().addListener((javafx.collections.ListChangeListener<io.github.elevator.ui.devices.DeviceRow>) change -> {
            while (change.next()) {
                for (var row : change.getRemoved()) if (!devices.rows().contains(row)) bench.gone(row.name());
            }
        });
        // The device a run started on stays locked until the run ends, wherever the selection goes.
        bench.runningProperty().addListener((o, was, running) ->
                devices.underBenchmarkProperty().set(running ? bench.deviceProperty().get() : null));
        // The benchmark panel (chart, tables, two dozen controls) is built once the device list is
        // on screen: built with it, it held back the first frame by about a third of a second.
        StackPane benchSlot = new StackPane();
        benchSlot.setId("benchmark-slot");
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
        list.table().setMinHeight(LIST_MIN_HEIGHT);
        // the list takes what the details and the benchmark leave: they get the height they need (their minimum, below)
        split.setDividerPositions(1);
        widthProperty().addListener(new javafx.beans.InvalidationListener() {
            @Override
            public void invalidated(javafx.beans.Observable o) {
                if (getWidth() <= 0) return;
                widthProperty().removeListener(this);
                bottom.setDividerPositions(Math.min(0.45, DeviceViews.DETAILS_WIDTH / getWidth()));
            }
        });
        AfterFirstFrame.run(this, () -> {
            BenchmarkView view = new BenchmarkView(bench, devices::say, benchRules);
            benchSlot.getChildren().setAll(view);
            // after the layout pass that changed what they need, once however many asked: a change made
            // during a layout pass would ask for another pass at once
            boolean[] asked = {false};
            Runnable fit = () -> {
                if (asked[0]) return;
                asked[0] = true;
                javafx.application.Platform.runLater(() -> {
                    asked[0] = false;
                    fitBottom(split, bottom, list.details(), benchScroll, view);
                });
            };
            view.needsLayoutProperty().addListener((o, was, needs) -> {
                if (!needs) fit.run();
            });
            list.details().needsLayoutProperty().addListener((o, was, needs) -> {
                if (!needs) fit.run();
            });
            heightProperty().addListener(o -> fit.run());
            benchScroll.widthProperty().addListener(o -> fit.run());
            benchScroll.heightProperty().addListener(o -> fit.run());
            fit.run();
        });

        setTop(top);
        setCenter(split);
        setBottom(new StatusBar(devices.statusProperty()));
    }

    /** The height last given to the part under the list. */
    private double fittedTo;

    /** The device list keeps at least its headings and four lines. */
    static final double LIST_MIN_HEIGHT = 30 + 4 * 34;

    /**
     * Gives the part under the list the height the details and the benchmark panel need, as far as
     * the window has it (the list keeps its minimum); where it has not, they scroll.
     */
    private void fitBottom(SplitPane split, SplitPane bottom, ScrollPane details, ScrollPane benchScroll, BenchmarkView view) {
        double benchNeeds = view.minHeight(benchScroll.getWidth()) + 2;
        double detailsNeeds = details.getContent() == null ? 0
                : details.getContent().prefHeight(details.getWidth() - details.snappedLeftInset() - details.snappedRightInset()) + 2;
        double room = getHeight() - top.getHeight() - (getBottom() == null ? 0 : getBottom().getLayoutBounds().getHeight()) - LIST_MIN_HEIGHT - 8;
        double needs = Math.max(benchNeeds, detailsNeeds);
        double min = Math.ceil(Math.min(needs, room));
        if (room > 0 && Math.abs(bottom.getMinHeight() - min) >= 1) bottom.setMinHeight(min);
        // the divider follows what they need whenever that changes (the split pane itself does not move it
        // for a minimum); in between it stays where the person put it
        if (room > 0 && split.getHeight() > 0 && (Math.abs(min - fittedTo) >= 1 || bottom.getHeight() + 1 < min)) {
            fittedTo = min;
            double divider = split.getHeight() - ((Region) split.getItems().get(0)).getHeight() - bottom.getHeight();
            split.setDividerPositions(Math.max(0, (split.getHeight() - min - divider / 2) / split.getHeight()));
        }
        // a scroll bar only where the panel's minimum does not fit (the skin offers one as soon as it is below its preferred height)
        ScrollPane.ScrollBarPolicy bar = benchScroll.getHeight() + 1 >= benchNeeds - 2 ? ScrollPane.ScrollBarPolicy.NEVER : ScrollPane.ScrollBarPolicy.AS_NEEDED;
        if (benchScroll.getVbarPolicy() != bar) benchScroll.setVbarPolicy(bar);
    }

    /** "Show loop devices (12)": offered while there are so many that the list leaves them out. */
    private static javafx.scene.control.CheckBox loopSwitch(DeviceListViewModel devices) {
        javafx.scene.control.CheckBox show = new javafx.scene.control.CheckBox();
        show.setId("show-loop-devices");
        show.textProperty().bind(javafx.beans.binding.Bindings.format("Show loop devices (%d)", devices.loopCountProperty()));
        show.selectedProperty().bindBidirectional(devices.showLoopDevicesProperty());
        show.visibleProperty().bind(devices.loopSwitchOfferedProperty());
        show.managedProperty().bind(show.visibleProperty());
        show.setMinWidth(Region.USE_PREF_SIZE);
        LazyTooltip.install(show, "Loop devices are files used as disks; snaps and containers make many of them. They are listed after the disks (Alt+L).");
        // Alt+L from anywhere in the window, also when the mnemonic is not offered (no Alt underline mode)
        javafx.scene.input.KeyCombination altL = new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.L,
                javafx.scene.input.KeyCombination.ALT_DOWN);
        show.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) scene.getAccelerators().put(altL, () -> {
                if (show.isVisible()) show.setSelected(!show.isSelected());
            });
        });
        return show;
    }

    /** A note above the device list for someone who opens Elevator for the first time; {@code dismissed} runs when closed. */
    public void showFirstRunHint(Runnable dismissed) {
        Label text = new Label(GuideText.FIRST_RUN);
        text.setId("first-run-hint");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        Button close = new Button("Got it");
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
