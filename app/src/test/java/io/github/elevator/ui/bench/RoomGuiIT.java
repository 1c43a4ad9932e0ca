package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.CutText;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Room for what matters, in the real window over the workstation fixture with a simulated sweep:
 * the disks first and the first disk selected, loop devices left out behind a switch when there
 * are many, and at 1366x768, 1024x768 and the window's minimum size no text cut, for the devices
 * and for a finished sweep's verdict, which at 1366x768 needs no scrolling; nor in the states of
 * {@link BenchmarkPanelDemo} whose words are longest.
 */
class RoomGuiIT extends FxRobot {
    @TempDir
    Path dir;
    private Stage stage;
    private DeviceListViewModel devices;
    private BenchmarkController bench;
    private Path sysfs = Fixtures.workstation();
    private SimulatedSweep sweep = SimulatedSweep.typical();

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    /** The window as it opens on a screen of this size. */
    private void open(double screenWidth, double screenHeight) throws Exception {
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(sysfs), new HelperRunner(Path.of("/bin/false"), true));
        FxTaskRunner tasks = new FxTaskRunner();
        stage = FxToolkit.setupStage(s -> {
            devices = new DeviceListViewModel(schedulers, tasks);
            devices.refresh();
            bench = new BenchmarkController(sweep, new BenchmarkHistory(dir.resolve("history")), schedulers, tasks,
                    devices::say, devices::refresh);
            ElevatorApp.show(s, new ElevatorApp.Models(devices, bench),
                    ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, devices), ColorScheme.LIGHT, screenWidth, screenHeight);
            s.setX(0);
            s.setY(0);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                && lookup("#details-title").tryQuery().isPresent() && table().rows().size() > 3);
    }

    private DeviceTable table() {
        return lookup("#devices").queryAs(DeviceTable.class);
    }

    private List<String> listed() {
        return table().rows().stream().map(DeviceRow::name).toList();
    }

    @Test
    void theDisksComeFirstSelectedFirstAndTheDevicesBuiltInSoftwareAfterThemUnderARule() throws Exception {
        open(1366, 768);
        assertEquals(List.of("nvme0n1", "sda", "sdb", "vda", "sdc", "mmcblk0", "md0", "dm-0", "dm-1", "dm-2", "dm-3", "loop0", "zram0"),
                listed(), "NVMe, SSD, hard disk, virtual machine disk, USB, card; then RAID, device-mapper, loop, zram");
        assertEquals("nvme0n1", table().selectedProperty().get().name(), "the first disk is selected at start");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#details-title").queryLabeled().getText().startsWith("nvme0n1"));
        List<String> ruled = new ArrayList<>();
        interact(() -> lookup(".device-line").queryAll().stream()
                .filter(n -> n.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("group-start")))
                .forEach(n -> ruled.add(nameOnLineOf(n))));
        assertEquals(List.of("md0"), ruled, "one rule, above the first device built in software");
        assertFalse(lookup("#show-loop-devices").query().isVisible(), "one loop device: no switch to leave it out");
    }

    /** The device whose name is drawn at the height of this line. */
    private String nameOnLineOf(Node line) {
        Bounds at = line.localToScene(line.getLayoutBounds());
        return lookup(".device-cell").queryAll().stream().filter(n -> n.getId() != null && n.getId().startsWith("name-"))
                .filter(n -> {
                    Bounds b = n.localToScene(n.getLayoutBounds());
                    return b.getCenterY() > at.getMinY() && b.getCenterY() < at.getMaxY();
                }).map(n -> ((Labeled) n).getText()).findFirst().orElse("?");
    }

    @Test
    void manyLoopDevicesAreLeftOutUntilTheSwitchShowsThemAndAHiddenSelectionIsNoSelection() throws Exception {
        sysfs = dir.resolve("machine");
        assertEquals(0, new ProcessBuilder("cp", "-a", Fixtures.workstation().toString(), sysfs.toString()).inheritIO().start().waitFor());
        Path block = sysfs.resolve("sys/block"), virtual = sysfs.resolve("sys/devices/virtual/block");
        for (int i = 1; i <= 7; i++) {
            assertEquals(0, new ProcessBuilder("cp", "-a", virtual.resolve("loop0").toString(), virtual.resolve("loop" + i).toString())
                    .inheritIO().start().waitFor());
            Files.writeString(virtual.resolve("loop" + i + "/dev"), "7:" + i + "\n");
            Files.createSymbolicLink(block.resolve("loop" + i), Path.of("../devices/virtual/block/loop" + i));
        }
        open(1366, 768);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> devices.rows().size() == 20);
        assertFalse(listed().contains("loop0"), "eight loop devices are left out: " + listed());
        assertEquals(List.of("nvme0n1", "sda", "sdb", "vda", "sdc", "mmcblk0", "md0", "dm-0", "dm-1", "dm-2", "dm-3", "zram0"), listed());
        CheckBox show = lookup("#show-loop-devices").queryAs(CheckBox.class);
        assertTrue(show.isVisible());
        assertEquals("Show loop devices (8)", show.getText().replace("_", ""));

        // from the keyboard: its mnemonic
        press(KeyCode.ALT).press(KeyCode.L).release(KeyCode.L).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(show.isSelected(), "Alt+L shows them");
        assertEquals(20, listed().size());
        assertEquals("loop0", listed().get(11), "after device-mapper, in natural order");
        assertEquals("loop7", listed().get(18));

        DeviceRow loop3 = table().rows().stream().filter(r -> r.name().equals("loop3")).findFirst().orElseThrow();
        interact(() -> table().select(loop3));
        clickOn(show);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(listed().contains("loop3"));
        assertNull(table().selectedProperty().get(), "a device left out is no longer selected: nothing acts on it unseen");
        assertNull(bench.model().deviceProperty().get(), "nor does the benchmark panel");
        assertTrue(lookup("#details-title").queryLabeled().getText().startsWith("No device selected"));
    }

    /** "1366x768", "1024x768" (the window as it opens on such a screen) or "minimum" (the window made as small as it lets itself). */
    private void openAt(String size) throws Exception {
        if (size.equals("minimum")) {
            open(1024, 768);
            interact(() -> {
                stage.setWidth(stage.getMinWidth());
                stage.setHeight(stage.getMinHeight());
            });
        } else {
            String[] wh = size.split("x");
            open(Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1366x768", "1024x768", "minimum"})
    void noTextIsCutForTheDevicesNorForAFinishedSweepsVerdict(String size) throws Exception {
        openAt(size);
        assertEquals(List.of(), cut(), "text cut at " + size + " with the devices");
        assertEquals(List.of(), outside(), "controls outside the window at " + size);
        DemoState.reach(this, bench, "result");
        assertEquals(List.of(), cut(), "text cut at " + size + " with a finished sweep's verdict");
        assertEquals(List.of(), outside(), "controls outside the window at " + size + " with the verdict");
        assertEquals(List.of(), hiddenWithoutScrollBar(), "a verdict cut by a pane that offers no scroll bar at " + size);
        assertTrue(stage.getMinWidth() <= 1024 && stage.getMinHeight() <= 768 - 100, "a minimum that fits a 1024x768 screen with a panel: "
                + stage.getMinWidth() + "x" + stage.getMinHeight());
    }

    /** The demo's states whose words are longest: a long verdict line, a long row of buttons, a detail's table and chart. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"1366x768,detail", "1366x768,not-measured", "1024x768,detail", "1024x768,not-measured", "1024x768,undecided",
            "1024x768,equal", "minimum,detail", "minimum,not-measured"})
    void noTextIsCutInTheDemosStates(String size, String state) throws Exception {
        sweep = SimulatedSweep.of(state);
        openAt(size);
        DemoState.reach(this, bench, state);
        assertEquals(List.of(), cut(), "text cut at " + size + " in " + state);
        assertEquals(List.of(), outside(), "controls outside the window at " + size + " in " + state);
    }

    @Test
    void at1366x768TheDetailsAndTheWholeVerdictAreInViewWithoutScrollingAndEachWorkloadsDetailOpens() throws Exception {
        openAt("1366x768");
        DemoState.reach(this, bench, "result");
        assertFalse(barShown("#benchmark-scroll"), "the benchmark panel does not scroll");
        assertFalse(barShown("#details"), "the details do not scroll");
        assertFalse(lookup(".comparisons").queryAll().stream().anyMatch(p -> barShown((ScrollPane) p)), "the verdicts do not scroll");
        double width = stage.getScene().getWidth(), height = stage.getScene().getHeight();
        List<String> out = new ArrayList<>();
        interact(() -> {
            for (String id : List.of("#recommendation", "#apply-winner", "#comparison-seq-read", "#comparison-rand-read",
                    "#comparison-rand-read-qd32", "#details-title", "#details-rule", "#tunables-open")) {
                Node n = lookup(id).query();
                Bounds b = n.localToScene(n.getLayoutBounds());
                if (b.getMinY() < 0 || b.getMaxY() > height + 1 || b.getMaxX() > width + 1) out.add(id + " at " + b);
            }
        });
        assertEquals(List.of(), out, "not in the " + width + "x" + height + " window");
        assertTrue(lookup(".comparison-why").queryAll().size() >= 3, "each workload says why");

        Node detail = lookup("#comparison-detail-rand-read-qd32").query();
        assertFalse(detail.isVisible(), "the per-workload detail is closed at first");
        clickOn("#open-rand-read-qd32");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(detail.isVisible(), "a click opens it: its table, pairs and chart");
        type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(detail.isVisible(), "Space on the focused button closes it again");
    }

    private boolean barShown(String scrollPane) {
        return barShown(lookup(scrollPane).queryAs(ScrollPane.class));
    }

    /** Whether the pane offers its vertical bar: what it holds is taller than it. */
    static boolean barShown(ScrollPane pane) {
        return pane.getChildrenUnmodifiable().stream().anyMatch(n -> n instanceof ScrollBar s && s.getOrientation() == Orientation.VERTICAL
                && s.isVisible() && s.getVisibleAmount() < s.getMax() - s.getMin());
    }

    private List<String> cut() {
        List<String> cut = new ArrayList<>();
        interact(() -> {
            cut.addAll(CutText.in(stage));
            cut.addAll(CutText.sideways(stage));
        });
        return cut;
    }

    /** Each workload's verdict that a scrolling pane cuts off while showing no scroll bar to reach it. */
    private List<String> hiddenWithoutScrollBar() {
        List<String> hidden = new ArrayList<>();
        interact(() -> {
            for (Node card : lookup(".comparison").queryAll()) {
                if (!card.isVisible()) continue;
                Bounds b = card.localToScene(card.getLayoutBounds());
                for (Node p = card.getParent(); p != null; p = p.getParent()) {
                    if (!(p instanceof ScrollPane pane)) continue;
                    Bounds view = pane.localToScene(pane.getLayoutBounds());
                    if ((b.getMaxY() > view.getMaxY() + 1 || b.getMinY() < view.getMinY() - 1) && !barShown(pane)) {
                        hidden.add(card.getId() + " at " + b + " in " + (pane.getId() == null ? "a scroll pane" : pane.getId()) + " at " + view);
                    }
                }
            }
        });
        return hidden;
    }

    private List<String> outside() {
        List<String> out = new ArrayList<>();
        interact(() -> out.addAll(CutText.outside(stage)));
        return out;
    }
}
