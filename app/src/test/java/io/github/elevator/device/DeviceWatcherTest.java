package io.github.elevator.device;

import io.github.elevator.testing.FakeSysfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * A switch made elsewhere is told for a disk checked often and for one that is not (at a later
     * full check); the reports name the disk. No timing is asserted: only that each is told.
     */
    @Test
    void switchesOfDisksCheckedOftenAndOfTheOthersAreBothTold(@TempDir Path root) throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loopa", "[none] mq-deadline").device("loopb", "[none] mq-deadline");
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(root.resolve("proc/self/mountinfo"), "");
        BlockingQueue<Set<String>> told = new LinkedBlockingQueue<>();
        try (DeviceWatcher watcher = DeviceWatcher.start(root, List.of(), 20, changes -> {
            if (changes.kinds().contains(DeviceWatcher.Change.DEVICES)) told.add(changes.disks());
        })) {
            watcher.checkOften(Set.of("loopa"));
            switchTo(sysfs, "loopa", "none [mq-deadline]");
            assertTrue(waitFor(told, "loopa"), "the switch of the disk checked often was told");
            switchTo(sysfs, "loopb", "none [mq-deadline]");
            assertTrue(waitFor(told, "loopb"), "the switch of the disk checked at the full checks was told");
            watcher.checkOften(Set.of("loopb"));
            switchTo(sysfs, "loopb", "[none] mq-deadline");
            assertTrue(waitFor(told, "loopb"), "a disk named later is checked often from then on");
        }
    }

    private static void switchTo(FakeSysfs sysfs, String disk, String line) throws Exception {
        Files.writeString(sysfs.root().resolve("sys/block").resolve(disk).resolve("queue/scheduler"), line + "\n");
    }

    /** Whether a report names {@code disk} within 10 s (the machine's own devices may be reported meanwhile). */
    private static boolean waitFor(BlockingQueue<Set<String>> told, String disk) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            Set<String> disks = told.poll(100, TimeUnit.MILLISECONDS);
            if (disks != null && disks.contains(disk)) return true;
        }
        return false;
    }
}
