package io.github.elevator.device;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The disk a kernel uevent is about, from messages as the kernel sends them (fields separated by NUL). */
class DeviceWatcherTest {
    private static String uevent(String devpath) {
        return "change@" + devpath + "\0ACTION=change\0DEVPATH=" + devpath + "\0SUBSYSTEM=block\0SEQNUM=4711\0";
    }

    @Test
    void aDiskAPartitionAndAQueueEventNameTheirDisk() {
        assertEquals("loop1", DeviceWatcher.diskOf(uevent("/devices/virtual/block/loop1")));
        assertEquals("sda", DeviceWatcher.diskOf(uevent("/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda/sda1")));
        assertEquals("nvme0n1", DeviceWatcher.diskOf(uevent("/devices/pci0000:00/0000:01:00.0/nvme/nvme0/nvme0n1/block/nvme0n1/queue/iosched")
                .replace("/nvme0n1/block/", "/block/")));
    }

    @Test
    void messagesWithoutABlockPathNameNoDisk() {
        assertNull(DeviceWatcher.diskOf("add@/module/loop\0ACTION=add\0DEVPATH=/module/loop\0SUBSYSTEM=module\0"));
        assertNull(DeviceWatcher.diskOf("libudev\0garbage"));
        assertNull(DeviceWatcher.diskOf(uevent("/devices/virtual/block/")));
    }
}
