package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceTable;
import io.github.elevator.ui.rules.RulesViewModel;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.stage.Stage;
import javafx.util.Duration;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real window over the workstation fixture, with a simulated sweep of one device, for
 * looking at the benchmark panel without root:
 * {@code BenchmarkPanelDemo result|detail|live|quick|fio|undecided|equal|not-measured|noise|ready [WIDTH HEIGHT] [DEVICE]}
 * (equal, not-measured: every scheduler alike, at 1 % noise over 12 blocks and at 40 % over 4; detail: the result with
 * the first workload's detail opened; live: a paced sweep to
 * watch; quick: two quick benchmarks, the second compared with the first; fio: a check with fio, scrolled to its rows
 * where they are under the tiles); ELEVATOR_COLOR_SCHEME=dark for dark;
 * {@code ready} selects the device and starts nothing; {@code -Delevator.demo.sysfs=DIR} reads another copy of the fixture
 * (one whose stick is mounted on a folder of this machine shows what its write workloads would write).
 * Test sources only.
 */
public final class BenchmarkPanelDemo {
    private BenchmarkPanelDemo() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) throws Exception {
            String what = getParameters().getRaw().isEmpty() ? "result" : getParameters().getRaw().get(0);
            int width = getParameters().getRaw().size() > 2 ? Integer.parseInt(getParameters().getRaw().get(1)) : 1366;
            int height = getParameters().getRaw().size() > 2 ? Integer.parseInt(getParameters().getRaw().get(2)) : 768;
            String device = getParameters().getRaw().size() > 3 ? getParameters().getRaw().get(3) : "sdc";
            Path scratch = Files.createTempDirectory("elevator-demo");
            scratch.toFile().deleteOnExit();
            String sysfs = System.getProperty("elevator.demo.sysfs");
            SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(sysfs != null ? Path.of(sysfs) : Fixtures.workstation()),
                    new HelperRunner(Path.of("/bin/false"), true));
            FxTaskRunner tasks = new FxTaskRunner();
            DeviceListViewModel devices = new DeviceListViewModel(schedulers, tasks);
            devices.refresh();
            SimulatedSweep sweep = SimulatedSweep.of(what);
            BenchmarkHistory history = new BenchmarkHistory(scratch.resolve("history"));
            if (what.equals("quick")) sweep.savingTo(history).finishedAt("2026-11-30T16:05:12Z");
            BenchmarkController bench = new BenchmarkController(sweep, history, schedulers, tasks, devices::say, devices::refresh);
            if (what.equals("quick")) {
                bench.model().runningProperty().addListener((o, was, now) -> {
                    if (was && !now && sweep.requests.size() == 1) {
                        sweep.finishedAt("2026-12-01T10:41:03Z").quickScale(1.07).paced(0);
                        bench.quick();
                    }
                });
            }
            RulesViewModel rules = ElevatorApp.createRules(new RulesService(schedulers, scratch), tasks, devices);
            String scheme = System.getenv("ELEVATOR_COLOR_SCHEME");
            ElevatorApp.show(stage, new ElevatorApp.Models(devices, bench), rules,
                    "dark".equals(scheme) ? ColorScheme.DARK : ColorScheme.LIGHT);
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(width);
            stage.setHeight(height);
            if (what.equals("detail")) {
                bench.model().runningProperty().addListener((o, was, now) -> {
                    if (was && !now) javafx.application.Platform.runLater(() -> {
                        if (stage.getScene().lookup("#open-seq-read") instanceof javafx.scene.control.ToggleButton open) open.setSelected(true);
                    });
                });
            }
            if (what.equals("fio")) {
                // where the window is too low for them, fio's rows are under the tiles: scrolled to, as a person would
                bench.model().runningProperty().addListener((o, was, now) -> {
                    if (was && !now) javafx.application.Platform.runLater(() -> {
                        if (stage.getScene().lookup("#quick-result") instanceof javafx.scene.control.ScrollPane pane) pane.setVvalue(pane.getVmax());
                    });
                });
            }
            // READY on standard output (for readme-screenshots.sh): the run has ended (the second one of "quick"), or
            // for "live" it has begun, or for "ready" the device is selected
            bench.model().runningProperty().addListener((o, was, now) -> {
                boolean ended = was && !now && !(what.equals("quick") && sweep.requests.size() == 1);
                if (what.equals("live") ? now && !was : ended) System.out.println("READY");
            });
            PauseTransition later = new PauseTransition(Duration.seconds(2));
            later.setOnFinished(e -> {
                DeviceTable table = (DeviceTable) stage.getScene().lookup("#devices");
                table.rows().stream().filter(r -> r.name().equals(device)).findFirst().ifPresent(table::select);
                // the selected device's own workloads are ticked a moment after it is selected, as for a person's click
                PauseTransition ticked = new PauseTransition(Duration.seconds(1));
                ticked.setOnFinished(t -> {
                    switch (what) {
                        case "ready" -> System.out.println("READY");
                        case "noise" -> bench.noiseCheck();
                        case "quick" -> bench.quick();
                        case "fio" -> bench.checkWithFio();
                        default -> bench.all();
                    }
                });
                ticked.play();
            });
            later.play();
        }
    }
}
