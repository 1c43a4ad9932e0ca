package io.github.elevator.it;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.Elision;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The device list with 200 devices in a real X server: only the lines in view are nodes, yet every
 * device is reachable, its line shows it whole when scrolled into view, and the columns keep the
 * widths every device's texts need while the list scrolls.
 */
class LongDeviceListGuiIT extends FxRobot {
    private static final int DEVICES = 200;
    /** Out of view at the start, and the longest model of all: its column must be wide enough from the start. */
    private static final int LONGEST = 150;
    private static final String LONGEST_MODEL = "a much longer model name";
    private DeviceTable table;
    private final List<String> choices = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()),
                new HelperRunner(Path.of("/nonexistent/elevator-helper"), true));
        BlockDevice ssd = service.devices().stream().filter(d -> d.name().equals("sda")).findFirst().orElseThrow();
        List<BlockDevice> devices = new ArrayList<>();
        for (int i = 0; i < DEVICES; i++) devices.add(copy(ssd, "sd" + i, i == LONGEST ? LONGEST_MODEL : "disk " + i));
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(stage -> {
            DeviceListViewModel model = new DeviceListViewModel(service, new FxTaskRunner());
            table = new DeviceTable(model.rows(), (row, scheduler) -> choices.add(row.name() + " " + scheduler));
            table.setId("devices");
            model.show(devices);
            stage.setScene(new Scene(table, 900, 440));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> table.inViewProperty().get() != null);
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    private static BlockDevice copy(BlockDevice d, String name, String model) {
        return new BlockDevice(name, model, d.vendor(), d.serial(), d.wwn(), d.sizeBytes(), d.transport(), d.rotational(),
                d.removable(), d.readOnly(), d.mountPoints(), d.schedulers(), d.active(), d.schedulerNote(), d.zoned(),
                d.hwQueues(), d.tunables(), d.stack(), d.restsOn(), d.paths());
    }

    private Bounds onScreen(Node node) {
        return node.localToScreen(node.getLayoutBounds());
    }

    private Bounds listOnScreen() {
        return onScreen(table);
    }

    @Test
    void onlyTheLinesInViewAreNodesAndTheyAreTheOnesInView() {
        int lines = lookup(".device-line").queryAll().size();
        int fit = (int) Math.ceil(listOnScreen().getHeight() / 34);
        assertTrue(lines >= fit && lines <= fit + 10, lines + " lines made for a list with room for " + fit);
        assertTrue(lookup("#name-sd0").tryQuery().isPresent(), "the first line is there");
        assertTrue(lookup("#name-sd199").tryQuery().isEmpty(), "the last line is not a node while out of view");
        Set<String> inView = table.inViewProperty().get();
        assertTrue(inView.contains("sd0") && inView.contains("sd5") && !inView.contains("sd100"), "in view: " + inView);
        assertTrue(inView.size() >= fit - 2 && inView.size() <= fit + 1, fit + " lines fit, in view: " + inView);
    }

    @Test
    void theKeysReachEveryLineAndScrollItIntoView() {
        clickOn("#name-sd0");
        type(KeyCode.END);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sd199", table.selectedProperty().get().name(), "End selects the last device");
        Label last = lookup("#name-sd199").queryAs(Label.class);
        Bounds list = listOnScreen(), line = onScreen(last);
        assertTrue(line.getMinY() >= list.getMinY() && line.getMaxY() <= list.getMaxY(), "the last line is in view: " + line + " in " + list);
        assertEquals("sd199", last.getText());
        Set<String> inView = table.inViewProperty().get();
        assertTrue(inView.contains("sd199") && inView.contains("sd190") && !inView.contains("sd0"), "in view: " + inView);

        type(KeyCode.PAGE_UP);
        type(KeyCode.UP);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sd188", table.selectedProperty().get().name(), "Page Up goes ten lines up, Up one more");
        assertTrue(lookup("#name-sd188").tryQuery().isPresent());
        type(KeyCode.HOME);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("sd0", table.selectedProperty().get().name());
        assertEquals(0, table.getVvalue(), 1e-9, "Home scrolls back to the top");
        assertTrue(lookup("#name-sd199").tryQuery().isEmpty(), "the last line's nodes show other devices again");
    }

    @Test
    void theColumnsKeepTheirWidthsWhileScrollingAndTheHeadingsStayAboveThem() {
        Label heading = lookup(".device-heading").queryAll().stream().map(n -> (Label) n)
                .filter(l -> "Scheduler".equals(l.getText())).findFirst().orElseThrow();
        double schedulerX = onScreen(heading).getMinX();
        Node box = lookup("#scheduler-sd0").query().getParent();
        assertEquals(schedulerX, onScreen(box).getMinX(), 1, "the Scheduler heading stands above the column");

        clickOn("#name-sd0");
        for (int i = 0; i < LONGEST + 2; i++) type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        Label longest = null;
        for (Node n : lookup(".device-cell").queryAll()) {
            if (n instanceof Label l && LONGEST_MODEL.equals(l.getText())) longest = l;
        }
        assertNotNull(longest, "the longest model's line is a node once in view");
        assertFalse(Elision.isElided(longest), "the longest model, out of view at the start, is shown whole: " + Elision.shownText(longest));
        assertEquals(schedulerX, onScreen(heading).getMinX(), 0.5, "the text columns kept their widths");
        assertEquals(schedulerX, onScreen(lookup("#scheduler-sd150").query().getParent()).getMinX(), 1);
    }

    @Test
    void anOpenDropdownClosesWithoutAChoiceWhenItsLineIsHandedAnotherDevice() throws Exception {
        clickOn("#scheduler-sd0");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#scheduler-sd0").query() instanceof ComboBox<?> box && box.isShowing());
        ComboBox<?> open = lookup("#scheduler-sd0").queryAs(ComboBox.class);
        interact(() -> table.setVvalue(1));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(open.isShowing(), "the list closed when its line scrolled away");
        assertFalse("scheduler-sd0".equals(open.getId()), "the line shows another device now");
        assertEquals(List.of(), choices, "closing it chose nothing");
    }
}
