package io.github.elevator.protocol;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.*;
import java.util.*;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The per-kind table of what root hands over (to anyone granted the benchmark) and what the app reads
 * only through its user's own access, built from the copied workstation's devices as the helper reads them.
 */
class HandOverKindTest {
    /** The copied workstation lives with the app's tests, which read it most; tests run in this module's folder. */
    private static final Path WORKSTATION = Path.of("../app/src/test/fixtures/sysfs/workstation").toAbsolutePath().normalize();

    @Test
    void eachFixtureDeviceGetsItsKindsRule() throws IOException {
        Path root = WORKSTATION;
        String procDevices = Files.readString(root.resolve("proc/devices"));
        Map<String, String> table = new TreeMap<>();
        try (DirectoryStream<Path> disks = Files.newDirectoryStream(root.resolve("sys/block"))) {
            for (Path disk : disks) {
                long major = Long.parseLong(Files.readString(disk.resolve("dev")).strip().split(":")[0]);
                HandOverKind kind = HandOverKind.of(disk.getFileName().toString(), HandOverKind.driver(procDevices, major));
                boolean removable = Files.readString(disk.resolve("removable")).strip().equals("1");
                table.put(disk.getFileName().toString(), kind + (kind.handedOver(removable) ? " handed over" : " own access"));
            }
        }
        Map<String, String> expected = new TreeMap<>();
        for (String d : List.of("dm-0", "dm-1", "dm-2", "dm-3", "md0", "zram0")) expected.put(d, "OTHER own access");
        for (String d : List.of("sda", "sdb")) expected.put(d, "SCSI_DISK own access");
        expected.put("sdc", "SCSI_DISK handed over"); // the USB stick: removable
        expected.put("nvme0n1", "NVME own access");
        expected.put("vda", "VIRTIO handed over");
        expected.put("mmcblk0", "MMC handed over");
        expected.put("loop0", "LOOP own access");
        assertEquals(expected, table);
    }

    @Test
    void onlyASCSIDiskIsHandedOverForARemovableMedium() {
        Set<HandOverKind> always = EnumSet.of(HandOverKind.VIRTIO, HandOverKind.MMC);
        for (HandOverKind k : HandOverKind.values()) {
            assertEquals(always.contains(k) || k == HandOverKind.SCSI_DISK, k.handedOver(true), k.name());
            assertEquals(always.contains(k), k.handedOver(false), k.name());
        }
    }

    @Test
    void aNameAloneOrADriverAloneIsNoKind() {
        assertEquals(HandOverKind.OTHER, HandOverKind.of("sda", "loop"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("loop0", "sd"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("nvme0c0n1", "blkext"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("sr0", "sr"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("nbd0", "nbd"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("ublkb0", "blkext"));
        assertEquals(HandOverKind.OTHER, HandOverKind.of("sda", ""));
    }

    @Test
    void theDriverIsReadFromTheBlockSectionOnly() {
        String devices = "Character devices:\n  7 vcs\n  8 notblock\n\nBlock devices:\n  7 loop\n259 blkext\n";
        assertEquals("loop", HandOverKind.driver(devices, 7));
        assertEquals("", HandOverKind.driver(devices, 8));
        assertEquals("blkext", HandOverKind.driver(devices, 259));
    }
}
