package io.github.elevator.ui;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.startup.ControlsLanguage;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.ui.rules.RulesViewModel;
import javafx.stage.Stage;

import java.nio.file.Path;

/**
 * The real main window over the copied workstation, for the demos that take the screenshots of the
 * README and docs/ without root: nothing is ever sent (the helper is /bin/false). {@code root} holds
 * the rules and other setters the window reads, and the benchmark history.
 * ELEVATOR_COLOR_SCHEME=dark for dark. Test sources only.
 */
public final class DemoWindow {
    private DemoWindow() {
    }

    public static RulesViewModel show(Stage stage, Path root, int width, int height) {
        ControlsLanguage.follow(io.github.elevator.text.Messages.language());
        BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());
        HelperRunner nothing = new HelperRunner(Path.of("/bin/false"), true);
        SchedulerService schedulers = new SchedulerService(scanner, nothing);
        FxTaskRunner tasks = new FxTaskRunner();
        BenchmarkService benchmarks = new BenchmarkService(scanner, nothing, HeldDevices.system(nothing),
                new BenchmarkHistory(root.resolve("history")));
        ElevatorApp.Models models = ElevatorApp.create(schedulers, benchmarks, tasks);
        RulesViewModel rules = ElevatorApp.createRules(new RulesService(schedulers, root), tasks, models.devices());
        ElevatorApp.show(stage, models, rules, "dark".equals(System.getenv("ELEVATOR_COLOR_SCHEME")) ? ColorScheme.DARK : ColorScheme.LIGHT);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(width);
        stage.setHeight(height);
        return rules;
    }
}
