package io.github.elevator.ui;

import io.github.elevator.ui.bench.BenchmarkView;
import io.github.elevator.ui.bench.BenchmarkViewModel;
import io.github.elevator.ui.devices.DeviceListView;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.rules.RulesViewModel;
import io.github.elevator.ui.rules.RulesWindow;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/** The whole window: toolbar, device list with details, and the status line. */
public final class MainWindow extends BorderPane {

    public MainWindow(DeviceListViewModel devices, BenchmarkViewModel bench) {
        this(devices, bench, null);
    }

    /** With {@code rules}, a Rules button opens the rules view and each device shows its rule. */
    public MainWindow(DeviceListViewModel devices, BenchmarkViewModel bench, RulesViewModel rules) {
        Label title = new Label("Elevator");
        title.getStyleClass().add("app-title");
        Label subtitle = new Label("I/O schedulers of every block device");
        subtitle.getStyleClass().add("dim");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button refresh = new Button("_Refresh", Icon.REFRESH.node(16));
        refresh.setId("refresh");
        LazyTooltip.install(refresh, "Read every device again (the list also follows plugging and unplugging by itself)");
        refresh.setOnAction(e -> devices.refresh());
        HBox toolbar = new HBox(10, title, subtitle, spacer, refresh);
        if (rules != null) {
            RulesWindow window = new RulesWindow(rules);
            Button open = new Button("R_ules", Icon.RULE.node(16));
            open.setId("rules");
            LazyTooltip.install(open, "Keep a scheduler for a kind of disk across unplugging and reboots");
            open.setOnAction(e -> window.show(getScene().getWindow()));
            toolbar.getChildren().add(open);
            getStylesheets().add(RulesWindow.stylesheet("rules.css"));
        }
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(8, 12, 8, 12));
        toolbar.getStyleClass().add("toolbar");

        Label status = new Label();
        status.setId("status");
        status.textProperty().bind(devices.statusProperty());
        status.setMaxWidth(Double.MAX_VALUE);
        status.setWrapText(true);
        HBox statusBar = new HBox(status);
        statusBar.setPadding(new Insets(6, 12, 6, 12));
        statusBar.getStyleClass().add("status-bar");

        DeviceListView list = new DeviceListView(devices, rules);
        bench.deviceProperty().bind(list.table().selectedProperty());
        // The benchmark panel (chart, tables, two dozen controls) is built once the device list is
        // on screen: built with it, it held back the first frame by about a third of a second.
        StackPane benchSlot = new StackPane();
        benchSlot.setId("benchmark-slot");
        AfterFirstFrame.run(this, () -> benchSlot.getChildren().setAll(new BenchmarkView(bench, devices::say, rules)));
        SplitPane split = new SplitPane(list, benchSlot);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.36);
        setTop(toolbar);
        setCenter(split);
        setBottom(statusBar);
    }
}
