package io.github.elevator.ui.startup;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window proper over the workstation fixture: no pane of it is empty in any frame (the details
 * and the benchmark panel say they are coming until they are built, then they are there), and
 * the first line's scheduler dropdown opens at the first click. How soon that click works, against
 * a window with one control, is {@link UsableAtOnceIT}'s.
 */
class PanesComingGuiIT extends FxRobot {
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void everyPaneIsFilledInEveryFrameAndTheDropdownOpensAtTheFirstClick() throws Exception {
        HelperRunner helper = new HelperRunner(Path.of("/bin/false"), true);
        BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());
        SchedulerService schedulers = new SchedulerService(scanner, helper);
        BenchmarkService benchmarks = new BenchmarkService(scanner, helper, new HeldDevices(dir, helper), new BenchmarkHistory(dir.resolve("history")));
        // what the panes held at each pulse, from the window's first frame until both are built
        List<String> frames = new CopyOnWriteArrayList<>();
        Stage stage = FxToolkit.setupStage(s -> {
            FxTaskRunner tasks = new FxTaskRunner();
            ElevatorApp.Models models = ElevatorApp.create(schedulers, benchmarks, tasks);
            DeviceListViewModel devices = models.devices();
            ElevatorApp.show(s, models, ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, devices), ColorScheme.LIGHT, 1366, 768);
            Scene scene = s.getScene();
            Runnable[] look = {null};
            look[0] = () -> {
                String now = panes(scene);
                frames.add(now);
                if (now.equals("details benchmark")) scene.removePostLayoutPulseListener(look[0]);
            };
            scene.addPostLayoutPulseListener(look[0]);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                && lookup("#details-title").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(frames.isEmpty(), "no pulse seen");
        assertEquals("details-coming benchmark-coming", frames.get(0), "the window's first frame: each pane says it is coming");
        assertEquals("details benchmark", frames.get(frames.size() - 1), "then both are there");
        assertTrue(frames.stream().noneMatch(f -> f.contains("empty")), "never an empty pane: " + frames);
        assertTrue(lookup("#details-coming").tryQuery().isEmpty() && lookup("#benchmark-coming").tryQuery().isEmpty(),
                "the lines saying they are coming are gone");

        // the first line is the first disk's; its dropdown is still the stand-in, made real by the click
        assertTrue(lookup("#scheduler-nvme0n1").tryQuery().filter(n -> !(n instanceof ComboBox)).isPresent(), "nvme0n1's dropdown is not yet made");
        clickOn("#scheduler-nvme0n1");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#scheduler-nvme0n1").tryQuery()
                .filter(n -> n instanceof ComboBox<?> box && box.isShowing()).isPresent());
        assertEquals(1, listWindows(stage), "its list is open, in a window of its own");
    }

    private static long listWindows(Stage owner) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.stage.PopupWindow p && p.getOwnerWindow() == owner && w.isShowing()).count()).get(10, TimeUnit.SECONDS);
    }

    /** What the details pane and the benchmark slot hold: "details", "details-coming" or "empty", and so on. */
    private static String panes(Scene scene) {
        if (!(scene.lookup("#details") instanceof ScrollPane pane) || !(scene.lookup("#benchmark-slot") instanceof Pane slot)) return "not in the scene";
        Node details = pane.getContent();
        String left = details == null ? "empty" : "details-coming".equals(details.getId()) ? "details-coming" : "details";
        String right = slot.getChildren().isEmpty() ? "empty" : slot.getChildren().get(0).getId();
        return left + " " + right;
    }
}
