package io.github.elevator.device;

import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kernel's own choice for each device of the copied trees, worked out from its hardware queues. */
class KernelDefaultsTest {

    private static Map<String, KernelDefaults> defaults(Path root) throws IOException {
        BlockDeviceScanner scanner = new BlockDeviceScanner(root);
        return scanner.scan().stream().filter(BlockDevice::hasScheduler)
                .collect(Collectors.toMap(BlockDevice::name, scanner::kernelDefaults));
    }

    @Test
    void singleQueueDevicesGetMqDeadlineMultiQueueAndLoopDevicesNone() throws IOException {
        Map<String, KernelDefaults> d = defaults(Fixtures.workstation());
        assertEquals("none", d.get("nvme0n1").scheduler());
        assertEquals("8 hardware queues: the kernel gives multi-queue devices none", d.get("nvme0n1").why());
        assertEquals("none", d.get("loop0").scheduler());
        assertTrue(d.get("loop0").why().contains("loop devices"), d.get("loop0").why());
        for (String single : new String[] {"sda", "sdb", "sdc", "mmcblk0", "vda"}) {
            assertEquals("mq-deadline", d.get(single).scheduler(), single);
            assertEquals("one hardware queue: the kernel gives such devices mq-deadline", d.get(single).why());
        }
    }

    @Test
    void theFixtureDevicesThatWereNeverTouchedAreAtTheirDefaults() throws IOException {
        BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());
        for (BlockDevice dev : scanner.scan()) {
            // sdb was switched to bfq; the machine vda was captured from sets its read-ahead to 8192 KiB at boot
            if (!dev.hasScheduler() || dev.name().equals("sdb") || dev.name().equals("vda")) continue;
            KernelDefaults k = scanner.kernelDefaults(dev);
            assertEquals(k.scheduler(), dev.active(), dev.name());
            k.settings().forEach((key, value) -> assertEquals(value, dev.tunables().value(key), dev.name() + " " + key));
        }
    }

    @Test
    void settingDefaultsFollowTheKernelsRules() throws IOException {
        Map<String, KernelDefaults> d = defaults(Fixtures.workstation());
        assertEquals(Map.ofEntries(Map.entry("queue/nr_requests", 64L), Map.entry("queue/read_ahead_kb", 128L),
                Map.entry("queue/wbt_lat_usec", 75_000L), Map.entry("queue/rq_affinity", 1L), Map.entry("queue/nomerges", 0L),
                Map.entry("iosched/fifo_batch", 16L), Map.entry("iosched/front_merges", 1L), Map.entry("iosched/prio_aging_expire", 10_000L),
                Map.entry("iosched/read_expire", 500L), Map.entry("iosched/write_expire", 5000L), Map.entry("iosched/writes_starved", 2L)),
                d.get("sdb").settings(), "the HDD: twice its 32 tags, 75 ms write-back target");
        assertEquals(1023L, d.get("nvme0n1").settings().get("queue/nr_requests"), "none: the tag depth");
    }

    @Test
    void aPathDeviceHasItsOwnDefaultAndADeviceWithoutSchedulerNone() throws IOException {
        BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.storageServer());
        BlockDevice path = scanner.find("nvme0c0n1").orElseThrow();
        assertEquals("none", scanner.kernelDefaults(path).scheduler());
        assertNull(scanner.kernelDefaults(scanner.find("nvme0n1").orElseThrow()));
        assertEquals("mq-deadline", scanner.kernelDefaults(scanner.find("sda").orElseThrow()).scheduler());
    }
}
