package io.github.elevator.device;

import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DeviceOrderTest {
    @TempDir
    Path root;

    @Test
    void theWorkstationsDisksComeByKindThenWhatIsBuiltInSoftware() throws Exception {
        List<BlockDevice> devices = new ArrayList<>(new BlockDeviceScanner(Fixtures.workstation()).scan());
        Collections.reverse(devices);
        devices.sort(DeviceOrder.DEVICES);
        assertEquals(List.of("nvme0n1", "sda", "sdb", "vda", "sdc", "mmcblk0", "md0", "dm-0", "dm-1", "dm-2", "dm-3", "loop0", "zram0"),
                devices.stream().map(BlockDevice::name).toList());
        assertEquals(List.of("md0", "dm-0", "dm-1", "dm-2", "dm-3", "loop0", "zram0"),
                devices.stream().filter(DeviceOrder::isVirtual).map(BlockDevice::name).toList());
    }

    @Test
    void loopDevicesComeInNaturalOrderAfterTheDisks() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root);
        for (String name : List.of("loop10", "loop2", "sda", "loop1", "nvme0n1")) sysfs.device(name, "[none] bfq");
        List<BlockDevice> devices = new ArrayList<>(new BlockDeviceScanner(root).scan());
        devices.sort(DeviceOrder.DEVICES);
        assertEquals(List.of("nvme0n1", "sda", "loop1", "loop2", "loop10"), devices.stream().map(BlockDevice::name).toList());
    }
}
