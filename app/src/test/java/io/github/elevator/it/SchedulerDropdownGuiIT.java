package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LineScheduler;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real window in a real X server, switching a real loop device through the real helper. */
class SchedulerDropdownGuiIT extends FxRobot {
    private LoopDevice loop;
    private io.github.elevator.ui.window.DeviceFollower hotplug;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Require.root();
        loop = LoopDevice.attach(64);
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (loop != null) {
            if (hotplug != null) hotplug.close();
            FxToolkit.cleanupStages();
            loop.close();
        }
    }

    private void showWindow(Path helper) throws TimeoutException {
        HelperRunner runner = new HelperRunner(helper, true);
        SchedulerService service = new SchedulerService(BlockDeviceScanner.system(), runner);
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), runner,
                HeldDevices.system(runner), new BenchmarkHistory(dir.resolve("history")));
        FxToolkit.setupStage(stage -> {
            ElevatorApp.Models models = ElevatorApp.create(service, benchmarks, new FxTaskRunner());
            ElevatorApp.show(stage, models);
            hotplug = ElevatorApp.followHotplug(models.devices());
        });
        // looked up on the FX thread: a lookup from this thread can meet a child list the FX thread is changing
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> lookup("#scheduler-" + loop.name()).tryQuery().isPresent()).get());
    }

    /**
     * The loop device's dropdown in its line, looked for until found: the test thread reads a graph
     * the FX thread may be changing. Until first used it is a stand-in that looks the same.
     */
    private javafx.scene.Node rowDropdown() throws TimeoutException {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#scheduler-" + loop.name()).tryQuery().isPresent());
        return lookup("#scheduler-" + loop.name()).query();
    }

    /**
     * Clicks the line's dropdown, looked up again until the click lands: a node found by the test
     * thread can leave the scene before the click is computed (CI's run had one with no scene).
     */
    private void clickRowDropdown() throws TimeoutException {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> {
            javafx.scene.Node n = rowDropdown();
            if (n.getScene() == null) return false;
            try {
                clickOn(n);
                return true;
            } catch (NullPointerException leftTheScene) {
                return false;
            }
        });
    }

    /** The scheduler the loop device's line shows in its closed dropdown. */
    private String rowScheduler() throws TimeoutException {
        return LineScheduler.shown(rowDropdown());
    }

    /** The real dropdown, after the first click put it in the stand-in's place, open. */
    @SuppressWarnings("unchecked")
    private ComboBox<String> openedRowChooser() throws TimeoutException {
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> rowDropdown() instanceof ComboBox<?> c && c.isShowing());
        return (ComboBox<String>) rowDropdown();
    }

    private String status() {
        return lookup("#status").queryAs(Label.class).getText();
    }

    @Test
    void pickingFromTheRowsDropdownSwitchesTheKernel() throws Exception {
        Require.kernelBuilds("bfq");
        showWindow(Installed.home().resolve("bin/elevator-helper"));
        assertEquals("none", rowScheduler());
        clickRowDropdown();
        ComboBox<String> chooser = openedRowChooser();
        assertEquals("none", chooser.getValue(), "one click opened the real dropdown, on the device's scheduler");
        clickOn(popupItem("bfq"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> loop.active().equals("bfq"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> status().equals(loop.name() + " now uses bfq."));
        assertEquals("bfq", chooser.getValue());
        assertEquals("bfq", rowScheduler());
    }

    @Test
    void keyboardAloneSwitchesTheSelectedDevice() throws Exception {
        showWindow(Installed.home().resolve("bin/elevator-helper"));
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        clickOn(table);
        // walk the list with the arrow keys until the loop device is selected
        type(KeyCode.HOME);
        for (int i = 0; i < table.rows().size() && !selectedName(table).equals(loop.name()); i++) type(KeyCode.DOWN);
        assertEquals(loop.name(), selectedName(table));
        press(KeyCode.ALT).type(KeyCode.S).release(KeyCode.ALT);
        ComboBox<?> details = lookup("#details-scheduler").queryAs(ComboBox.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, details::isFocused);
        type(KeyCode.F4);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, details::isShowing);
        type(KeyCode.DOWN, 2);
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("kyber", details.getValue(), "the dropdown shows the choice");
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> loop.active().equals("kyber"));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !lookup("#details-scheduler").queryAs(ComboBox.class).isDisabled()
                && status().equals(loop.name() + " now uses kyber."));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(details.isFocused(), "the focus stays on the dropdown after the switch: " + details.getScene().getFocusOwner());
    }

    /** The open dropdown's item for a scheduler (its text also says what the scheduler is for). */
    private javafx.scene.Node popupItem(String scheduler) {
        WaitForAsyncUtils.waitForFxEvents();
        return lookup(".list-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.ListCell<?> c && c.getText() != null && c.getText().startsWith(scheduler + " — ")
                        && n.getScene().getWindow() instanceof javafx.stage.PopupWindow && n.getScene().getWindow().isShowing())
                .findFirst().orElseThrow(() -> new AssertionError("no open dropdown offers " + scheduler));
    }

    @Test
    void theListFollowsHotplugWithinTwoSecondsAndKeepsTheSelection() throws Exception {
        showWindow(Installed.home().resolve("bin/elevator-helper"));
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#name-" + loop.name()).tryQuery().isPresent());
        clickOn("#name-" + loop.name());
        WaitForAsyncUtils.waitForFxEvents();
        String selected = selectedName(table);
        try (LoopDevice plugged = LoopDevice.attach(16)) {
            long start = System.nanoTime();
            WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> lookup("#scheduler-" + plugged.name()).tryQuery().isPresent());
            assertTrue(System.nanoTime() - start < 2_500_000_000L);
            assertEquals(selected, selectedName(table), "the selection stays on the same device");
            plugged.detachNow();
            WaitForAsyncUtils.waitFor(2500, TimeUnit.MILLISECONDS, () -> lookup("#scheduler-" + plugged.name()).tryQuery().isEmpty());
            assertEquals(selected, selectedName(table));
        }
    }

    @Test
    void aSwitchMadeByTheCommandLineShowsWithinTwoSeconds() throws Exception {
        Require.kernelBuilds("bfq");
        showWindow(Installed.home().resolve("bin/elevator-helper"));
        assertTrue(hotplug.watchesEvents(), "the kernel's events are watched, not a rescan");
        assertEquals("none", rowScheduler());
        Installed.Result set = Installed.run("elevator", "set", "/dev/" + loop.name(), "kyber");
        assertEquals(0, set.exit(), set.err());
        assertEquals("kyber", loop.active());
        WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> "kyber".equals(rowScheduler()));
        loop.set("bfq");
        WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> "bfq".equals(rowScheduler()));
    }

    private static String selectedName(DeviceTable table) {
        DeviceRow row = table.selectedProperty().get();
        return row == null ? "" : row.name();
    }

    @Test
    void whenTheHelperFailsTheDropdownReturnsToTheRealStateAndSaysWhy() throws Exception {
        Require.kernelBuilds("bfq");
        Path failing = dir.resolve("failing-helper");
        Files.writeString(failing, "#!/bin/sh\necho 'elevator-helper: the kernel refused bfq: Invalid argument' >&2\nexit 70\n");
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwxr-xr-x"));
        showWindow(failing);
        clickRowDropdown();
        ComboBox<String> chooser = openedRowChooser();
        clickOn(popupItem("bfq"));
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> status().startsWith("Could not switch"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("none", chooser.getValue());
        assertEquals("none", rowScheduler());
        assertEquals("none", loop.active());
        assertTrue(status().contains("The kernel refused bfq: Invalid argument"), status());
    }
}
