package io.github.elevator.device;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonParser;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.FakeSysfs;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockDeviceScannerTest {
    private final BlockDeviceScanner scanner = new BlockDeviceScanner(Fixtures.workstation());

    private Map<String, BlockDevice> byName() throws IOException {
        return scanner.scan().stream().collect(Collectors.toMap(BlockDevice::name, d -> d));
    }

    @Test
    void readsTheWholeWorkstationAsExpected() throws IOException {
        String expected = Files.readString(Fixtures.workstation().resolve("EXPECTED.json"));
        String actual = new GsonBuilder().serializeNulls().create().toJson(scanner.scan());
        assertEquals(JsonParser.parseString(expected), JsonParser.parseString(actual));
    }

    @Test
    void listsWholeDisksOnlyInNameOrder() throws IOException {
        assertEquals(List.of("dm-0", "dm-1", "dm-2", "dm-3", "loop0", "md0", "mmcblk0", "nvme0n1", "sda", "sdb", "sdc", "vda", "zram0"),
                scanner.scan().stream().map(BlockDevice::name).toList());
    }

    @Test
    void usbStickIsUsbEvenThoughItClaimsToBeRotational() throws IOException {
        BlockDevice stick = byName().get("sdc");
        assertEquals(Transport.USB, stick.transport());
        assertTrue(stick.removable());
        assertTrue(stick.rotational());
        assertEquals(List.of("/media/alex/CRUZER"), stick.mountPoints());
        assertEquals("mq-deadline", stick.active());
    }

    @Test
    void devicesWithoutSchedulerAreListedNotHidden() throws IOException {
        for (String name : List.of("zram0", "dm-0", "dm-1", "md0")) {
            BlockDevice d = byName().get(name);
            assertFalse(d.hasScheduler(), name);
            assertEquals(null, d.active(), name);
        }
    }

    @Test
    void mountPointsIncludePartitionsAndBindMounts() throws IOException {
        Map<String, BlockDevice> d = byName();
        assertEquals(List.of("/boot", "/boot/efi"), d.get("nvme0n1").mountPoints());
        assertEquals(List.of("/"), d.get("dm-2").mountPoints());
        assertEquals(List.of("/srv/mirror"), d.get("md0").mountPoints());
        assertEquals(List.of("/srv/data", "/var/lib/backup"), d.get("sdb").mountPoints());
        assertEquals(List.of("/mnt/vault"), d.get("dm-0").mountPoints());
        assertEquals(List.of(), d.get("mmcblk0").mountPoints());
    }

    @Test
    void aFuseMountNamingADeviceIsNotTiedToIt(@TempDir Path root) throws IOException {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop0/dev"), "7:0\n");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop1/dev"), "7:1\n");
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(root.resolve("proc/self/mountinfo"), """
                40 22 7:0 / /media/stick rw,relatime - ext4 /dev/loop0 rw
                41 22 0:60 / /home/mallory/fake rw,nosuid,nodev - fuse.sshfs /dev/loop1 rw,user_id=1000
                42 22 0:61 / /home/mallory/fake2 rw,nosuid,nodev - fuse /dev/loop0 rw,user_id=1000
                """);
        Map<String, List<String>> mounts = new BlockDeviceScanner(root).scan().stream()
                .collect(java.util.stream.Collectors.toMap(BlockDevice::name, BlockDevice::mountPoints));
        assertEquals(List.of("/media/stick"), mounts.get("loop0"), "by device number only; a FUSE source is the user's choice");
        assertEquals(List.of(), mounts.get("loop1"));
    }

    @Test
    void findComparesListedNamesOnly() throws IOException {
        assertTrue(scanner.find("sda").isPresent());
        assertTrue(scanner.find("../sda").isEmpty());
        assertTrue(scanner.find("sda/sda1").isEmpty());
        assertTrue(scanner.find("").isEmpty());
    }

    @Test
    void aDeviceThatVanishesWhileListedIsLeftOut(@TempDir Path root) throws IOException {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq");
        // a dangling entry: listed, but its directory is gone (unplugged mid-scan)
        Files.delete(root.resolve("sys/devices/virtual/block/loop1/queue/scheduler"));
        Files.delete(root.resolve("sys/devices/virtual/block/loop1/queue/rotational"));
        Files.delete(root.resolve("sys/devices/virtual/block/loop1/queue"));
        for (String f : List.of("size", "ro", "removable")) Files.delete(root.resolve("sys/devices/virtual/block/loop1/" + f));
        Files.delete(root.resolve("sys/devices/virtual/block/loop1"));
        List<BlockDevice> devices = new BlockDeviceScanner(root).scan();
        assertEquals(List.of("loop0"), devices.stream().map(BlockDevice::name).toList());
    }

    @Test
    void theAttachedDevicesAreTheScanWithoutDetachedLoopsReadTheSame(@TempDir Path root) throws IOException {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq").device("loop2", "none [mq-deadline]");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop1/size"), "0\n");
        BlockDeviceScanner fake = new BlockDeviceScanner(root);
        assertEquals(List.of("loop0", "loop1", "loop2"), fake.scan().stream().map(BlockDevice::name).toList());
        assertEquals(fake.scan().stream().filter(d -> !d.isDetachedLoop()).toList(), fake.scanAttached());
        assertEquals(List.of("loop0", "loop2"), fake.scanAttached().stream().map(BlockDevice::name).toList());
        // every kind of device of a workstation, its NVMe namespace with its paths among them
        assertEquals(scanner.scan().stream().filter(d -> !d.isDetachedLoop()).toList(), scanner.scanAttached());
    }

    @Test
    void withoutLoopsIsTheScanWithoutAnyLoopDeviceReadTheSame(@TempDir Path root) throws IOException {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "none [mq-deadline]");
        assertEquals(List.of(), new BlockDeviceScanner(root).scanWithoutLoops());
        assertEquals(scanner.scan().stream().filter(d -> d.transport() != Transport.LOOP).toList(), scanner.scanWithoutLoops());
        assertTrue(scanner.scan().stream().anyMatch(d -> d.transport() == Transport.LOOP), "the workstation lists loop devices");
    }

    @Test
    void humanSizes() {
        assertEquals("999 B", ByteSize.human(999));
        assertEquals("1.00 KiB", ByteSize.human(1024));
        assertEquals("1.00 GiB", ByteSize.human(1L << 30));
        assertEquals("14.9 GiB", ByteSize.human(16_008_609_792L));
        assertEquals("1.82 TiB", ByteSize.human(2_000_398_934_016L));
        assertEquals("256 GiB", ByteSize.human(275_000_000_000L));
    }
}
