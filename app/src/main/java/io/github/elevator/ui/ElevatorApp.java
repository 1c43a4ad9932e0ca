package io.github.elevator.ui;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.ColorSchemeMonitor;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.common.Theme;
import io.github.elevator.ui.startup.AfterFirstFrame;
import io.github.elevator.ui.startup.ControlsLanguage;
import io.github.elevator.ui.startup.FirstChoices;
import io.github.elevator.ui.startup.FirstFrame;
import io.github.elevator.ui.startup.FirstLook;
import io.github.elevator.ui.startup.HeapSettle;
import io.github.elevator.ui.startup.PausingPulseTimer;
import io.github.elevator.ui.window.DeviceFollower;
import io.github.elevator.ui.startup.FirstRunHint;
import io.github.elevator.ui.window.LoopDevicesSetting;
import io.github.elevator.ui.window.MainWindow;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.app.Undumpable;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.PolkitSetup;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.bench.BenchmarkController;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.rules.RulesViewModel;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/** The Elevator window. Started through {@link io.github.elevator.Launcher}, never as the main class. */
public class ElevatorApp extends Application {
    public static final String APP_ID = "io.github.elevator.Elevator";

    /** When the start's heap is given back: after the first frame, once the rows in view are built. */
    private static final int SETTLE_SECONDS = 5;

    private DeviceFollower follower;
    private boolean stopped;
    private ColorSchemeMonitor colorSchemeMonitor;

    @Override
    public void start(Stage stage) {
        // The JavaFX thread never waits: gsettings and the first scan run meanwhile (begun by
        // Launcher), and whatever is not done when the window is built arrives a moment later.
        CompletableFuture<ColorScheme> scheme = FirstLook.takeScheme();
        CompletableFuture<List<BlockDevice>> firstScan = FirstLook.takeScan();
        // The first frame has no control (FirstFrame): the title, the hint and the disks, if the scan
        // that Launcher began while JavaFX started is done, their dropdowns opening at a press. The
        // window itself is built after it.
        ColorScheme quick = scheme.getNow(ColorScheme.fromEnvironment());
        CompletableFuture<Optional<String>> hint = FirstLook.takeHint(firstScan);
        FirstChoices choices = new FirstChoices();
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(FirstFrame.of(firstScan.getNow(null), quick, hint.getNow(Optional.empty()), choices),
                defaultWidth(screen.getWidth()), defaultHeight(screen.getHeight()), FirstFrame.background(quick));
        present(stage, scene);
        // not while a list of the first frame is open: the JavaFX thread draws it and follows the keys then
        AfterFirstFrame.run(scene.getRoot(), () -> choices.whenNoneOpen(() -> build(stage, scene, new Begun(firstScan, scheme, hint), quick, choices)));
    }

    /** What the launcher began reading while JavaFX started, taken by the window's start. */
    private record Begun(CompletableFuture<List<BlockDevice>> scan, CompletableFuture<ColorScheme> scheme, CompletableFuture<Optional<String>> hint) {
    }

    /** The window proper, in the scene that showed the first frame. */
    private void build(Stage stage, Scene scene, Begun begun, ColorScheme quick, FirstChoices choices) {
        if (stopped) return;
        // after the first frame too: the first frame needs neither the pulse timer's swap nor the helper
        restWhenIdle();
        HelperRunner helper = HelperRunner.forThisProcess();
        SchedulerService schedulers = new SchedulerService(BlockDeviceScanner.system(), helper);
        // No debugger of the same user attaches to this JVM: begun once the first frame is drawn
        // (loading JNA for it took a core from drawing that frame), done while the window proper is
        // built, and awaited before a choice reaches the helper.
        // The installed runtime's java is not readable by users, so the kernel makes the installed
        // window undumpable from its first instruction (build-deb.sh).
        Undumpable.applyMeanwhile();
        // the first frame's scan left loop devices out; the list may show them (LoopDevicesSetting)
        CompletableFuture<List<BlockDevice>> devices = FirstLook.scanAll(schedulers);
        ControlsLanguage.follow(io.github.elevator.text.Messages.language());
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), helper,
                HeldDevices.system(helper), BenchmarkHistory.inUserData());
        FxTaskRunner tasks = new FxTaskRunner();
        Models models = build(schedulers, benchmarks, tasks);
        Theme theme = new Theme(begun.scheme().getNow(quick));
        RulesViewModel rules = createRules(RulesService.system(schedulers), tasks, models.devices());
        // the first frame's disks stay in view (never an empty list) until the whole list replaces them
        List<BlockDevice> disks = begun.scan().getNow(null);
        if (disks != null && !devices.isDone()) models.devices().show(disks);
        whenDone(devices, models.devices()::show, error -> models.devices().refresh());
        MainWindow window = new MainWindow(models.devices(), models.bench(), rules);
        // in the window's first frame where it was read by then, so that the list does not move down after
        whenDone(begun.hint(), words -> {
            if (words.isPresent()) window.showFirstRunHint(() -> tasks.run(FirstRunHint::dismiss, x -> { }, e -> { }));
        }, error -> { });
        LoopDevicesSetting.follow(models.devices(), tasks);
        Undumpable.awaitMeanwhile();
        // what the person chose in the first frame, made before this or while its list stays open
        choices.handTo(models.devices()::requestSwitch);
        // outside TaskRunner, a step of its own: a click that came while this was built reaches the first frame first
        Platform.runLater(() -> choices.whenNoneOpen(() -> {
            if (stopped) return;
            scene.getStylesheets().add(Theme.stylesheet("elevator.css"));
            theme.style(scene);
            scene.setRoot(window);
            whenDone(begun.scheme(), theme::set, error -> { });
            theme.coverAllWindows();
            afterItsFirstFrame(stage, window, theme, models, helper, benchmarks, tasks, rules);
        }));
    }

    private void afterItsFirstFrame(Stage stage, MainWindow window, Theme theme, Models models, HelperRunner helper,
            BenchmarkService benchmarks, FxTaskRunner tasks, RulesViewModel rules) {
        // After the window's first frame, what it does not show: each of these took the two cores of a small
        // machine from drawing it. The watcher's first look at every device and the list's second read
        // (200 devices); the gsettings monitor (a process); how changes will be authorized (reads /proc)
        // and a benchmark left over (the helper's records), which the status line and a dialog say later.
        AfterFirstFrame.run(window, () -> {
            if (stopped) return;
            HeapSettle.after(java.time.Duration.ofSeconds(SETTLE_SECONDS));
            follower = DeviceFollower.start(models.devices(), rules::refreshUnlessEdited);
            tasks.run(() -> ColorSchemeMonitor.start(Map.of(), () -> {
                ColorScheme now = ColorScheme.detect();
                // outside TaskRunner: the monitor's reader thread hands the new scheme over
                Platform.runLater(() -> theme.set(now));
            }), started -> {
                if (stopped) started.ifPresent(ColorSchemeMonitor::close);
                else colorSchemeMonitor = started.orElse(null);
            }, error -> { });
            tasks.run(() -> PolkitSetup.message(PolkitSetup.inspect(helper)), models.devices()::say, error -> { });
            tasks.run(() -> benchmarks.held().describeLeftOver(), left -> offerRestore(stage, left, benchmarks.held(), tasks, models.devices()),
                    error -> models.devices().say(error.getMessage()));
        });
    }

    /**
     * Lets JavaFX's pulse timer pause while nothing moves (see {@link PausingPulseTimer}): where
     * JavaFX's own classes are not open to Elevator, loading that timer fails and JavaFX's stays.
     */
    public static boolean restWhenIdle() {
        try {
            return PausingPulseTimer.install();
        } catch (LinkageError notOpen) {
            return false;
        }
    }

    /**
     * A benchmark killed outright left devices on a temporary scheduler: says so, and puts the
     * originals back with one click (through the helper, which asks for the password).
     */
    private static void offerRestore(Stage stage, List<String> left, HeldDevices held, TaskRunner tasks, DeviceListViewModel devices) {
        if (left.isEmpty()) return;
        left.forEach(devices::say);
        javafx.scene.control.ButtonType restore = new javafx.scene.control.ButtonType(Messages.text("ui.restore.put-back"),
                javafx.scene.control.ButtonBar.ButtonData.OK_DONE);
        javafx.scene.control.Alert ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.WARNING,
                String.join("\n", left), restore, javafx.scene.control.ButtonType.CLOSE);
        ask.setTitle(Messages.text("ui.title"));
        ask.setHeaderText(Messages.text("ui.restore.header"));
        ask.initOwner(stage);
        ask.getDialogPane().setMinWidth(520);
        ask.resultProperty().addListener((o, was, chosen) -> {
            if (!restore.equals(chosen)) return;
            tasks.run(held::restore, done -> {
                devices.say(done.isEmpty() ? Messages.text("ui.restore.nothing") : String.join(" ", done));
                devices.refresh();
            }, error -> devices.say(error.getMessage()));
        });
        ask.show(); // not showAndWait: the UI thread never waits
    }

    /** Hands a future's result to the JavaFX thread: at once when it is there already, else when it comes. */
    private static <T> void whenDone(CompletableFuture<T> future, Consumer<T> then, Consumer<Throwable> failed) {
        if (future.isDone() && !future.isCompletedExceptionally()) {
            then.accept(future.join());
            return;
        }
        // outside TaskRunner: FirstLook's futures were begun before the runner existed
        future.whenComplete((value, error) -> Platform.runLater(() -> {
            if (error == null) then.accept(value);
            else failed.accept(error);
        }));
    }

    /** The window's view-models, and the benchmark panel's controller with its model. */
    public record Models(DeviceListViewModel devices, BenchmarkController bench) {
    }

    /** Follows devices coming, going and changing (see {@link DeviceFollower}); close it when the window goes. */
    public static DeviceFollower followHotplug(DeviceListViewModel devices) {
        return DeviceFollower.start(devices, () -> { });
    }

    @Override
    public void stop() {
        stopped = true;
        if (follower != null) follower.close();
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
        if (benchmarks != null) devices.followHolds(benchmarks.held());
        return new Models(devices, new BenchmarkController(benchmarks, service, tasks, devices::say, devices::refresh));
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
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        show(stage, models, rules, scheme, screen.getWidth(), screen.getHeight());
    }

    /** The window at the size it opens with on a screen of {@code screenWidth}×{@code screenHeight}. */
    public static void show(Stage stage, Models models, RulesViewModel rules, ColorScheme scheme, double screenWidth, double screenHeight) {
        present(stage, scene(models, rules, new Theme(scheme), screenWidth, screenHeight), screenWidth, screenHeight);
    }

    private static Scene scene(Models models, RulesViewModel rules, Theme theme) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        return scene(models, rules, theme, screen.getWidth(), screen.getHeight());
    }

    private static Scene scene(Models models, RulesViewModel rules, Theme theme, double screenWidth, double screenHeight) {
        Scene scene = new Scene(new MainWindow(models.devices(), models.bench(), rules),
                defaultWidth(screenWidth), defaultHeight(screenHeight));
        scene.getStylesheets().add(Theme.stylesheet("elevator.css"));
        theme.style(scene);
        return scene;
    }

    /**
     * The smallest window in which every control is in view and no text is cut, for the workstation
     * fixture's devices and a finished sweep's verdict (measured: RoomGuiIT; the device list's columns
     * cut below 1024 pixels); it fits a 1024×768 screen with a panel.
     */
    public static final double MIN_WIDTH = 1024, MIN_HEIGHT = 620;
    /** Room the window manager's title bar and a desktop panel take from the screen's usable height. */
    private static final double DECORATION = 40;

    /**
     * The whole width of a 1366-pixel laptop screen (where the device list needs it for the usual
     * model names and mount points), more on large screens, never wider than the screen.
     */
    static double defaultWidth(double screenWidth) {
        return Math.min(screenWidth, Math.max(1366, Math.round(screenWidth * 0.55)));
    }

    /** 800 pixels high, more on large screens; on a 768-pixel screen what is left under the title bar. */
    static double defaultHeight(double screenHeight) {
        return Math.min(screenHeight - DECORATION, Math.max(800, Math.round(screenHeight * 0.6)));
    }

    private static void present(Stage stage, Scene scene) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        present(stage, scene, screen.getWidth(), screen.getHeight());
    }

    /** Shows the window; its minimum is never more than the screen it opens on has. */
    private static void present(Stage stage, Scene scene, double screenWidth, double screenHeight) {
        stage.setTitle(Messages.text("ui.title"));
        // The taskbar's icons after the first frame, decoded in the background: decoding six
        // images took CPU time from drawing it, and the window's content does not show them.
        AfterFirstFrame.run(scene.getRoot(), () -> {
            for (int size : new int[] {16, 32, 48, 64, 128, 256}) {
                URL png = ElevatorApp.class.getResource("/icons/" + size + "x" + size + "/apps/" + APP_ID + ".png");
                if (png != null) stage.getIcons().add(new Image(png.toExternalForm(), true));
            }
        });
        stage.setScene(scene);
        stage.sizeToScene(); // a stage that showed another scene before keeps its size otherwise
        stage.setMinWidth(Math.min(MIN_WIDTH, screenWidth));
        stage.setMinHeight(Math.min(MIN_HEIGHT, screenHeight));
        stage.show();
    }
}
