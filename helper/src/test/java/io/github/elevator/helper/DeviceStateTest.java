package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.FakeSysfs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A variant, its scheduler and settings set together on a made-up sysfs tree: all of them, or none when one is refused. */
class DeviceStateTest {
    @TempDir
    Path root;
    private Path iosched;

    @BeforeEach
    void setUp() throws IOException {
        new FakeSysfs(root).device("loop0", "none [bfq] mq-deadline");
        iosched = root.resolve("sys/devices/virtual/block/loop0/queue/iosched");
        Files.createDirectories(iosched);
        Files.writeString(iosched.resolve("low_latency"), "1\n");
        Files.writeString(iosched.resolve("slice_idle"), "8\n");
    }

    private Map<String, String> values() throws IOException {
        return Map.of("low_latency", Files.readString(iosched.resolve("low_latency")).strip(),
                "slice_idle", Files.readString(iosched.resolve("slice_idle")).strip());
    }

    @Test
    void setsEveryOneAndPutsThemAllBackNewestFirst() throws Exception {
        DeviceState device = new DeviceState(new HelperSysfs(root), "loop0");
        List<DeviceState.Change> changes = device.apply("bfq low_latency=0 slice_idle=0");
        assertEquals(List.of("iosched/low_latency", "iosched/slice_idle"), changes.stream().map(DeviceState.Change::setting).toList());
        assertEquals(Map.of("low_latency", "0", "slice_idle", "0"), values());

        assertEquals(List.of(), device.undo(changes));
        assertEquals(Map.of("low_latency", "1", "slice_idle", "8"), values());
    }

    @Test
    void aRefusedSettingUndoesTheOnesSetBeforeIt() throws IOException {
        DeviceState device = new DeviceState(new HelperSysfs(root), "loop0");
        DeviceState.Refused refused = assertThrows(DeviceState.Refused.class, () -> device.apply("bfq low_latency=0 slice_idle_us=0"));
        assertEquals(HelperExit.UNKNOWN_TUNABLE, refused.exit);
        assertEquals(Map.of("low_latency", "1", "slice_idle", "8"), values(), "low_latency, set first, is put back");
    }

    @Test
    void aWriteTheKernelFailsUndoesTheOnesSetBeforeIt() throws IOException {
        DeviceState device = new DeviceState(new HelperSysfs(root) {
            @Override
            public void write(Path file, String value) throws IOException {
                if (file.endsWith("slice_idle")) throw new IOException("Invalid argument");
                super.write(file, value);
            }
        }, "loop0");
        DeviceState.Refused refused = assertThrows(DeviceState.Refused.class, () -> device.apply("bfq low_latency=0 slice_idle=4"));
        assertEquals(HelperExit.TUNE_REFUSED, refused.exit);
        assertEquals(Map.of("low_latency", "1", "slice_idle", "8"), values());
    }

    @Test
    void aSchedulerSwitchedForAVariantIsPutBackWhenASettingIsRefused() throws IOException {
        Files.writeString(root.resolve("sys/block/loop0/queue/scheduler"), "[none] bfq mq-deadline\n");
        DeviceState device = new DeviceState(new FakeSysfs(root).kernel(), "loop0");
        DeviceState.Refused refused = assertThrows(DeviceState.Refused.class, () -> device.apply("bfq low_latency=0 slice_idle_us=0"));
        assertTrue(refused.getMessage().endsWith("; loop0 is on none"), refused.getMessage());
        assertEquals("none", device.active());
    }
}
