package io.github.elevator.helper;

import io.github.elevator.testing.FakeSysfs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A variant's settings, set together on a made-up sysfs tree: all of them, or none when one is refused. */
class DeviceSettingsTest {
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

    private static Map<String, Long> settings(Object... pairs) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) map.put((String) pairs[i], ((Number) pairs[i + 1]).longValue());
        return map;
    }

    @Test
    void setsEveryOneAndPutsThemAllBackNewestFirst() throws Exception {
        DeviceSettings device = new DeviceSettings(root, "loop0");
        List<DeviceSettings.Change> changes = device.setAll(settings("low_latency", 0, "slice_idle", 0));
        assertEquals(List.of("iosched/low_latency", "iosched/slice_idle"), changes.stream().map(DeviceSettings.Change::setting).toList());
        assertEquals("0", Files.readString(iosched.resolve("low_latency")).strip());
        assertEquals("0", Files.readString(iosched.resolve("slice_idle")).strip());

        assertEquals(List.of(), device.putBackAll(changes));
        assertEquals("1", Files.readString(iosched.resolve("low_latency")).strip());
        assertEquals("8", Files.readString(iosched.resolve("slice_idle")).strip());
    }

    @Test
    void aRefusedSettingUndoesTheOnesSetBeforeIt() throws IOException {
        DeviceSettings device = new DeviceSettings(root, "loop0");
        DeviceSettings.Refused refused = assertThrows(DeviceSettings.Refused.class,
                () -> device.setAll(settings("low_latency", 0, "slice_idle", 99_999_999_999L)));
        assertEquals(HelperExit.BAD_TUNABLE_VALUE, refused.exit());
        assertEquals(Map.of("low_latency", "1", "slice_idle", "8"), values(), "low_latency, set first, is put back");
    }

    @Test
    void aWriteTheKernelFailsUndoesTheOnesSetBeforeIt() throws IOException {
        DeviceSettings device = new DeviceSettings(root, "loop0", (file, value) -> {
            if (file.endsWith("slice_idle")) throw new IOException("Invalid argument");
            DeviceSettings.writeExisting(file, value);
        });
        DeviceSettings.Refused refused = assertThrows(DeviceSettings.Refused.class, () -> device.setAll(settings("low_latency", 0, "slice_idle", 4)));
        assertEquals(HelperExit.TUNE_REFUSED, refused.exit());
        assertEquals(Map.of("low_latency", "1", "slice_idle", "8"), values());
    }
}
