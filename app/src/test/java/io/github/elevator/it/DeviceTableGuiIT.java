package io.github.elevator.it;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.LineScheduler;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The device list in a real X server, on the copied sysfs of a workstation (ten disks). */
class DeviceTableGuiIT extends FxRobot {
    private DeviceListViewModel model;
    private DeviceTable table;
    private List<BlockDevice> devices;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()),
                new HelperRunner(Path.of("/nonexistent/elevator-helper"), true));
        devices = service.devices();
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(stage -> {
            model = new DeviceListViewModel(service, new FxTaskRunner());
            table = new DeviceTable(model.rows(), (row, scheduler) -> { });
            table.setId("devices");
            model.show(devices);
            stage.setScene(new Scene(table, 900, 440)); // every line of the workstation fixture in view
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    private String selected() {
        DeviceRow row = table.selectedProperty().get();
        return row == null ? "" : row.name();
    }

    @Test
    void theFirstDeviceIsSelectedAndEveryDeviceHasALine() {
        assertEquals(devices.size(), table.rows().size());
        assertEquals("nvme0n1", selected(), "the first disk; the devices built in software come after the disks");
        for (BlockDevice d : devices) assertTrue(lookup("#name-" + d.name()).tryQuery().isPresent(), d.name() + " has a line");
        for (BlockDevice d : devices) {
            if (d.schedulers().isEmpty()) {
                assertTrue(lookup("#scheduler-" + d.name()).tryQuery().isEmpty(), d.name() + " has no dropdown");
            } else {
                assertEquals(d.active(), LineScheduler.shown(lookup("#scheduler-" + d.name()).query()), d.name());
            }
        }
        assertTrue(lookup("no scheduler").tryQuery().isPresent(), "a device without a scheduler says so");
    }

    @Test
    void aClickSelectsAndTheKeysMoveTheSelection() {
        clickOn("#name-sdb");
        assertEquals("sdb", selected());
        assertTrue(table.isFocused(), "a click puts the focus on the list");
        type(KeyCode.DOWN);
        assertEquals("vda", selected());
        type(KeyCode.UP, 2);
        assertEquals("sda", selected());
        type(KeyCode.END);
        assertEquals("zram0", selected());
        type(KeyCode.DOWN);
        assertEquals("zram0", selected(), "the last line stays selected");
        type(KeyCode.HOME);
        assertEquals("nvme0n1", selected());
        type(KeyCode.PAGE_DOWN);
        assertEquals(table.rows().get(Math.min(10, table.rows().size() - 1)).name(), selected());
    }

    @Test
    void theHeadingsStayInViewAndTheSelectedLineIsScrolledIntoView() {
        interact(() -> table.getScene().getWindow().setHeight(300));
        WaitForAsyncUtils.waitForFxEvents();
        clickOn("#name-dm-0");
        type(KeyCode.END);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(table.getVvalue() > 0, "ten lines do not fit in 300 pixels: the list scrolled");
        Bounds list = table.localToScene(table.getLayoutBounds());
        Bounds headings = lookup(".device-table-header").query().localToScene(lookup(".device-table-header").query().getLayoutBounds());
        Bounds last = lookup("#name-zram0").query().localToScene(lookup("#name-zram0").query().getLayoutBounds());
        assertEquals(list.getMinY(), headings.getMinY(), 2, "the headings stay at the top");
        assertTrue(last.getMinY() >= headings.getMaxY() && last.getMaxY() <= list.getMaxY(), "the last line is in view: " + last);
        type(KeyCode.HOME);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, table.getVvalue(), 1e-9, "Home scrolls back to the top");
    }

    @Test
    void devicesThatComeAndGoKeepTheSelectionAndTheSelectedOneGoingLeavesNothingSelected() {
        clickOn("#name-sdb");
        interact(() -> model.show(devices.stream().filter(d -> !d.name().equals("sda")).toList()));
        assertEquals("sdb", selected(), "another device going keeps the selection");
        assertTrue(lookup("#name-sda").tryQuery().isEmpty(), "the line of a device that went is gone");
        interact(() -> model.show(devices));
        assertEquals("sdb", selected(), "a device coming keeps the selection");
        assertTrue(lookup("#name-sda").tryQuery().isPresent());
        interact(() -> model.show(devices.stream().filter(d -> !d.name().equals("sdb")).toList()));
        assertEquals("", selected(), "when the selected device goes, nothing else is selected for a click to act on");
        interact(() -> model.show(devices));
        assertEquals("", selected(), "nor when it comes back: the person chooses");
        clickOn("#name-sdb");
        assertEquals("sdb", selected());
    }
}
