package io.github.elevator.device;

import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The queue and scheduler settings read from copied sysfs trees: only files that exist, with their values. */
class TunablesTest {

    private static Map<String, BlockDevice> workstation() throws IOException {
        return new BlockDeviceScanner(Fixtures.workstation()).scan().stream().collect(Collectors.toMap(BlockDevice::name, d -> d));
    }

    @Test
    void aDiskUnderBfqShowsTheQueueAndBfqsOwnSettings() throws IOException {
        Tunables t = workstation().get("sdb").tunables();
        assertEquals(Map.of("read_ahead_kb", 128L, "nr_requests", 64L, "wbt_lat_usec", 0L, "rq_affinity", 1L,
                "nomerges", 0L, "max_sectors_kb", 1280L), t.queue());
        assertEquals(List.of("back_seek_max", "back_seek_penalty", "fifo_expire_async", "fifo_expire_sync", "low_latency",
                "max_budget", "slice_idle", "slice_idle_us", "strict_guarantees", "timeout_sync"), List.copyOf(t.iosched().keySet()));
        assertEquals(1L, t.value("iosched/low_latency"));
        assertEquals(64L, t.value("queue/nr_requests"));
        assertNull(t.value("iosched/read_expire"), "a key of another scheduler");
        assertNull(t.value("scheduler"));
    }

    @Test
    void aDiskUnderMqDeadlineShowsItsSettingsAndNoneHasNone() throws IOException {
        Map<String, BlockDevice> d = workstation();
        assertEquals(500L, d.get("vda").tunables().value("iosched/read_expire"));
        assertEquals(256L, d.get("vda").tunables().value("iosched/async_depth"));
        assertTrue(d.get("nvme0n1").tunables().iosched().isEmpty(), "none has no settings of its own");
        assertEquals(1023L, d.get("nvme0n1").tunables().value("queue/nr_requests"));
    }

    @Test
    void bioBasedDevicesHaveNoRequestQueueSettings() throws IOException {
        Tunables dm = workstation().get("dm-2").tunables();
        assertEquals(List.of("queue/read_ahead_kb", "queue/nomerges", "queue/max_sectors_kb"), dm.keys());
        assertTrue(dm.iosched().isEmpty());
    }

    @Test
    void unreadableOrNonNumericFilesAreLeftOut(@TempDir Path root) throws IOException {
        new FakeSysfs(root).device("loop0", "none [kyber]");
        Path queue = root.resolve("sys/devices/virtual/block/loop0/queue");
        Files.writeString(queue.resolve("read_ahead_kb"), "128\n");
        Files.writeString(queue.resolve("nr_requests"), "lots\n");
        Files.createDirectories(queue.resolve("iosched"));
        Files.writeString(queue.resolve("iosched/read_lat_nsec"), "2000000\n");
        Files.writeString(queue.resolve("iosched/write_lat_nsec"), "10000000\n");
        Files.createSymbolicLink(queue.resolve("iosched/sneaky"), queue.resolve("read_ahead_kb"));
        Tunables t = Tunables.read(root.resolve("sys/block/loop0"));
        assertEquals(List.of("queue/read_ahead_kb", "iosched/read_lat_nsec", "iosched/write_lat_nsec"), t.keys());
        assertEquals(List.of("read_lat_nsec", "write_lat_nsec"), Tunables.ioschedNames(root.resolve("sys/block/loop0")),
                "a link in the scheduler's directory is not one of its settings");
    }

    @Test
    void everyKnownSettingHasASaneRange() {
        for (var e : TunableLimits.QUEUE.entrySet()) assertTrue(e.getValue().min() <= e.getValue().max(), e.getKey());
        for (var e : TunableLimits.IOSCHED.entrySet()) assertTrue(e.getValue().min() >= 0, e.getKey());
        assertEquals(TunableLimits.QUEUE.get("nr_requests"), TunableLimits.of("queue/nr_requests"));
        assertNull(TunableLimits.of("queue/scheduler"));
        assertNull(TunableLimits.of("../scheduler"));
        assertTrue(TunableLimits.isDigits("12345678901"));
        for (String bad : List.of("", "-1", "+1", "1 ", "1\n", "0x10", "1e3", "123456789012", "１")) {
            assertFalse(TunableLimits.isDigits(bad), bad);
        }
    }
}
