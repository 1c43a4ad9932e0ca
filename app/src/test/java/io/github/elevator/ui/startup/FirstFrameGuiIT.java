package io.github.elevator.ui.startup;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.device.SchedulerGuide;
import io.github.elevator.text.Messages;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.FxTaskRunner;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's first frame over the workstation fixture: no control (a control would load
 * JavaFX's stylesheet before the first frame), the title and the disks in the list's order with
 * their schedulers, each disk's dropdown opening at a press and handing a choice on, and every
 * dropdown where the window proper puts its own.
 */
class FirstFrameGuiIT extends FxRobot {
    private final List<String> chosen = new CopyOnWriteArrayList<>();
    private final FirstChoices choices = new FirstChoices();
    private List<BlockDevice> devices;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
        devices = new BlockDeviceScanner(Fixtures.workstation()).scanAttached();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void theFirstFrameHasNoControlAndShowsTheTitleAndTheDisksInTheListsOrder() throws Exception {
        AtomicReference<Parent> frame = new AtomicReference<>();
        FxToolkit.setupFixture(() -> frame.set(FirstFrame.of(devices, ColorScheme.LIGHT, Optional.of(FirstRunHint.likely(devices)), choices)));
        List<Node> nodes = new ArrayList<>();
        collect(frame.get(), nodes);
        assertFalse(nodes.stream().anyMatch(n -> n instanceof Control), "no control: " + nodes);
        List<String> texts = nodes.stream().filter(n -> n instanceof Text).map(n -> ((Text) n).getText()).toList();
        assertEquals("Elevator", texts.get(0));
        List<String> names = texts.stream().filter(t -> devices.stream().anyMatch(d -> d.name().equals(t))).toList();
        assertEquals(List.of("nvme0n1", "sda", "sdb", "vda", "sdc", "mmcblk0"), names, "the disks first, as the list orders them; no md, dm, loop or zram");
        assertTrue(texts.contains("bfq"), "each with its scheduler: " + texts);
        assertTrue(texts.contains(Messages.text("ui.startup.benchmark-coming")) && texts.contains(Messages.text("ui.startup.details-coming")),
                "the panes under the list say they are coming: " + texts);
        assertTrue(texts.contains(FirstRunHint.likely(devices)), "the first-run hint, as the window proper will say it: " + texts);
    }

    @Test
    void withoutTheScanItShowsTheTitleAndTheHeadings() throws Exception {
        AtomicReference<Parent> frame = new AtomicReference<>();
        FxToolkit.setupFixture(() -> frame.set(FirstFrame.of(null, ColorScheme.DARK, Optional.empty(), choices)));
        List<Node> nodes = new ArrayList<>();
        collect(frame.get(), nodes);
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("Elevator")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals(Messages.text("ui.devices.column.scheduler"))));
        assertFalse(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals(FirstRunHint.likely(List.of()))), "no hint once dismissed");
    }

    @Test
    void aPressOpensTheDisksSchedulersAndAClickChoosesOneForTheWindowProper() throws Exception {
        showFirstFrame(1366, 768);
        clickOn("#first-scheduler-sda");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-none").tryQuery().isPresent());
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq").stream().map(name -> name + " — " + SchedulerGuide.line(name).orElseThrow()).toList(),
                lookup(n -> n.getId() != null && n.getId().startsWith("first-choice-")).queryAll().stream()
                        .map(n -> ((Text) ((Parent) n).getChildrenUnmodifiable().get(0)).getText()).toList(),
                "the kernel's schedulers of sda, each with what it is for, as the real dropdown lists them");
        AtomicBoolean tookOver = new AtomicBoolean();
        WaitForAsyncUtils.asyncFx(() -> choices.whenNoneOpen(() -> tookOver.set(true))).get(5, TimeUnit.SECONDS);
        assertFalse(tookOver.get(), "the window proper waits while the list is open");
        clickOn("#first-choice-none");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(tookOver.get(), "and takes over once it closes");
        assertTrue(lookup("#first-choice-none").tryQuery().isEmpty(), "the list closed");
        assertEquals(List.of(), chosen, "made before the window proper was there, the choice waits for it");
        WaitForAsyncUtils.asyncFx(() -> choices.handTo((device, scheduler) -> chosen.add(device + " " + scheduler))).get(5, TimeUnit.SECONDS);
        assertEquals(List.of("sda none"), chosen, "and is carried out once it is");
        clickOn("#first-scheduler-sdb");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-kyber").tryQuery().isPresent());
        clickOn("#first-choice-kyber");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("sda none", "sdb kyber"), chosen, "after that, a choice goes straight on");
    }

    @Test
    void theArrowKeysMoveEnterChoosesEscapeClosesAndTheSchedulerInUseIsNoChoice() throws Exception {
        showFirstFrame(1024, 728);
        WaitForAsyncUtils.asyncFx(() -> choices.handTo((device, scheduler) -> chosen.add(device + " " + scheduler))).get(5, TimeUnit.SECONDS);
        clickOn("#first-scheduler-vda");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-kyber").tryQuery().isPresent());
        type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-kyber").tryQuery().isEmpty());
        assertEquals(List.of(), chosen, "Escape closes without a choice");
        clickOn("#first-scheduler-vda");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-kyber").tryQuery().isPresent());
        type(KeyCode.DOWN);
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-kyber").tryQuery().isEmpty());
        assertEquals(List.of("vda kyber"), chosen, "from mq-deadline, the one in use, Down and Enter chose the next");
        clickOn("#first-scheduler-vda");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-mq-deadline").tryQuery().isPresent());
        clickOn("#first-choice-mq-deadline");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#first-choice-mq-deadline").tryQuery().isEmpty());
        assertEquals(List.of("vda kyber"), chosen, "the scheduler in use is no choice");
    }

    @Test
    void eachDropdownLiesWhereTheWindowPropersDropdownWillAt1366And1024() throws Exception {
        for (double width : new double[] {1366, 1024}) {
            Stage stage = showFirstFrame(width, 728);
            Map<String, Bounds> first = dropdowns(stage.getScene(), "#first-scheduler-");
            HelperRunner helper = new HelperRunner(Path.of("/bin/false"), true);
            BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());
            SchedulerService schedulers = new SchedulerService(scanner, helper);
            BenchmarkService benchmarks = new BenchmarkService(scanner, helper, new HeldDevices(dir, helper), new BenchmarkHistory(dir.resolve("history")));
            FxToolkit.setupStage(s -> {
                FxTaskRunner tasks = new FxTaskRunner();
                ElevatorApp.Models models = ElevatorApp.create(schedulers, benchmarks, tasks);
                ElevatorApp.show(s, models, ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, models.devices()),
                        ColorScheme.LIGHT, width, 768);
                ((io.github.elevator.ui.window.MainWindow) s.getScene().getRoot()).showFirstRunHint(() -> { });
            });
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#scheduler-mmcblk0").tryQuery().isPresent());
            WaitForAsyncUtils.waitForFxEvents();
            Map<String, Bounds> proper = dropdowns(stage.getScene(), "#scheduler-");
            assertEquals(6, first.size(), "a dropdown for each disk: " + first);
            for (Map.Entry<String, Bounds> e : first.entrySet()) {
                Bounds was = e.getValue();
                Bounds now = proper.get(e.getKey());
                assertTrue(Math.abs(was.getMinX() - now.getMinX()) <= 2 && Math.abs(was.getMinY() - now.getMinY()) <= 2
                        && Math.abs(was.getWidth() - now.getWidth()) <= 2 && Math.abs(was.getHeight() - now.getHeight()) <= 2,
                        "at " + width + " pixels, under the hint " + lookup("#first-run-hint").queryLabeled().getText() + ", " + e.getKey() + "'s dropdown lay at " + was + " in the first frame and lies at " + now + " in the window");
            }
            FxToolkit.cleanupStages();
        }
    }

    private Stage showFirstFrame(double width, double height) throws Exception {
        return FxToolkit.setupStage(s -> {
            s.setScene(new Scene(FirstFrame.of(devices, ColorScheme.LIGHT, Optional.of(FirstRunHint.likely(devices)), choices), width, height, FirstFrame.background(ColorScheme.LIGHT)));
            s.show();
        });
    }

    /** Each device's dropdown by device name, its bounds in the scene. */
    private static Map<String, Bounds> dropdowns(Scene scene, String prefix) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            Map<String, Bounds> found = new LinkedHashMap<>();
            List<Node> nodes = new ArrayList<>();
            collect(scene.getRoot(), nodes);
            for (Node n : nodes) {
                if (n.getId() != null && n.getId().startsWith(prefix.substring(1)) && n.isVisible()) {
                    found.put(n.getId().substring(prefix.length() - 1), n.localToScene(n.getLayoutBounds()));
                }
            }
            return found;
        }).get(10, TimeUnit.SECONDS);
    }

    private static void collect(Node node, List<Node> into) {
        into.add(node);
        if (node instanceof Parent p) p.getChildrenUnmodifiable().forEach(c -> collect(c, into));
    }
}
