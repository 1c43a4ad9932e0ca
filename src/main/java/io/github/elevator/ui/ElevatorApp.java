package io.github.elevator.ui;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.PolkitSetup;
import io.github.elevator.ui.bench.BenchmarkViewModel;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.rules.RulesViewModel;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** The Elevator window. Started through {@link io.github.elevator.Launcher}, never as the main class. */
public class ElevatorApp extends Application {
    public static final String APP_ID = "io.github.elevator.Elevator";
    /** How often the device list is re-read to follow hotplug. */
    private static final Duration POLL = Duration.seconds(1);

    private Timeline poll;
    private ColorSchemeMonitor colorSchemeMonitor;

    @Override
    public void start(Stage stage) {
        // gsettings runs while the view-model reads the devices.
        CompletableFuture<ColorScheme> scheme = CompletableFuture.supplyAsync(ColorScheme::detect);
        HelperRunner helper = HelperRunner.forThisProcess();
        SchedulerService schedulers = new SchedulerService(BlockDeviceScanner.system(), helper);
        // The first scan runs while the window is built, so the first frame already lists the devices.
        CompletableFuture<List<BlockDevice>> firstScan = CompletableFuture.supplyAsync(() -> {
            try {
                return schedulers.devices();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), helper,
                HeldDevices.system(helper), BenchmarkHistory.inUserData());
        FxTaskRunner tasks = new FxTaskRunner();
        Models models = build(schedulers, benchmarks, tasks);
        Theme theme = new Theme(scheme.join());
        Scene scene = scene(models, createRules(RulesService.system(schedulers), tasks, models.devices()), theme);
        try {
            models.devices().show(firstScan.join());
        } catch (CompletionException e) {
            models.devices().refresh();
        }
        present(stage, scene);
        theme.coverAllWindows();
        tasks.run(() -> ColorSchemeMonitor.start(Map.of(), () -> {
            ColorScheme now = ColorScheme.detect();
            Platform.runLater(() -> theme.set(now));
        }), started -> colorSchemeMonitor = started.orElse(null), error -> { });
        // Said once: how changes will be authorized on this machine (reads /proc, so off the UI thread).
        tasks.run(() -> PolkitSetup.message(PolkitSetup.inspect(helper)), models.devices()::say, error -> { });
        tasks.run(() -> benchmarks.held().describeLeftOver(), left -> left.forEach(models.devices()::say),
                error -> models.devices().say(error.getMessage()));
        poll = followHotplug(models.devices());
    }

    /** The window's view-models. */
    public record Models(DeviceListViewModel devices, BenchmarkViewModel bench) {
    }

    /** Re-reads the devices every second, so plugging and unplugging shows within two seconds. */
    public static Timeline followHotplug(DeviceListViewModel devices) {
        Timeline poll = new Timeline(new KeyFrame(POLL, e -> devices.refresh()));
        poll.setCycleCount(Timeline.INDEFINITE);
        poll.play();
        return poll;
    }

    @Override
    public void stop() {
        if (poll != null) poll.stop();
        if (colorSchemeMonitor != null) colorSchemeMonitor.close();
    }

    /** Builds the view-models; public so tests can build the same window around their own services. */
    public static Models create(SchedulerService service, BenchmarkService benchmarks, TaskRunner tasks) {
        Models models = build(service, benchmarks, tasks);
        models.devices().refresh();
        return models;
    }

    private static Models build(SchedulerService service, BenchmarkService benchmarks, TaskRunner tasks) {
        DeviceListViewModel devices = new DeviceListViewModel(service, tasks);
        return new Models(devices, new BenchmarkViewModel(benchmarks, service, tasks, devices::say, devices::refresh));
    }

    /** The rules view-model, loaded, marking the devices' rows; public for the same reason as {@link #create}. */
    public static RulesViewModel createRules(RulesService rules, TaskRunner tasks, DeviceListViewModel devices) {
        RulesViewModel model = new RulesViewModel(rules, tasks, devices);
        model.refresh();
        return model;
    }

    public static void show(Stage stage, Models models) {
        show(stage, models, null, ColorScheme.LIGHT);
    }

    public static void show(Stage stage, Models models, RulesViewModel rules) {
        show(stage, models, rules, ColorScheme.LIGHT);
    }

    /** With {@code rules}, the window has the Rules button and the devices' rule marks. */
    public static void show(Stage stage, Models models, RulesViewModel rules, ColorScheme scheme) {
        present(stage, scene(models, rules, new Theme(scheme)));
    }

    private static Scene scene(Models models, RulesViewModel rules, Theme theme) {
        // 1200×840, or the screen's usable part where that is smaller.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(new MainWindow(models.devices(), models.bench(), rules),
                Math.min(1200, screen.getWidth()), Math.min(840, screen.getHeight()));
        scene.getStylesheets().add(stylesheet("elevator.css"));
        theme.style(scene);
        return scene;
    }

    private static void present(Stage stage, Scene scene) {
        stage.setTitle("Elevator");
        for (int size : new int[] {16, 32, 48, 64, 128, 256}) {
            URL png = ElevatorApp.class.getResource("/icons/" + size + "x" + size + "/apps/" + APP_ID + ".png");
            // Decoded in the background: the window need not wait for its taskbar icons.
            if (png != null) stage.getIcons().add(new Image(png.toExternalForm(), true));
        }
        stage.setScene(scene);
        stage.show();
    }

    static String stylesheet(String name) {
        return Objects.requireNonNull(ElevatorApp.class.getResource(name), name).toExternalForm();
    }
}
