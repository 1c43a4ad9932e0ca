package io.github.elevator.ui.window;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.ui.devices.DeviceListViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopDevicesSettingTest {
    @TempDir
    Path root;

    private FakeSysfs sysfs;

    /** A window's list of a disk and six loop devices, as each start of the window makes it. */
    private DeviceListViewModel list() throws Exception {
        if (sysfs == null) {
            sysfs = new FakeSysfs(root.resolve("machine")).device("sda", "[mq-deadline] none");
            for (int i = 0; i < 6; i++) sysfs.device("loop" + i, "[none] bfq");
        }
        DeviceListViewModel devices = new DeviceListViewModel(new SchedulerService(new BlockDeviceScanner(sysfs.root()),
                new HelperRunner(root.resolve("none.sh"), true)), TaskRunner.immediate());
        devices.refresh();
        return devices;
    }

    @Test
    void theChoiceToListLoopDevicesIsKeptForTheNextStart() throws Exception {
        Path file = root.resolve("config/elevator/show-loop-devices");
        DeviceListViewModel first = list();
        LoopDevicesSetting.follow(first, TaskRunner.immediate(), file);
        assertFalse(first.showLoopDevicesProperty().get(), "left out at first");
        assertTrue(first.shown().stream().noneMatch(r -> r.name().startsWith("loop")));

        first.showLoopDevicesProperty().set(true);
        assertTrue(Files.exists(file));
        DeviceListViewModel next = list();
        LoopDevicesSetting.follow(next, TaskRunner.immediate(), file);
        assertTrue(next.showLoopDevicesProperty().get(), "the next window lists them");
        assertTrue(next.shown().stream().anyMatch(r -> r.name().equals("loop5")));

        next.showLoopDevicesProperty().set(false);
        assertFalse(Files.exists(file), "and forgets it when they are left out again");
    }
}
