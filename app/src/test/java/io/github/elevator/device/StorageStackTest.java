package io.github.elevator.device;

import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What sits on each disk and what each dm, md and NVMe multipath device rests on, read from the
 * copied sysfs trees: a workstation with / on LUKS and LVM on an NVMe partition, an LVM volume
 * and an md mirror on SATA disks; a server with a host-managed zoned disk and a dual-ported
 * NVMe namespace on Linux 6.1.
 */
class StorageStackTest {

    private static Map<String, BlockDevice> scan(Path root) throws IOException {
        return new BlockDeviceScanner(root).scan().stream().collect(Collectors.toMap(BlockDevice::name, d -> d));
    }

    @Test
    void theRootFilesystemOnLuksAndLvmLeadsBackToTheNvmeDisk() throws IOException {
        BlockDevice nvme = scan(Fixtures.workstation()).get("nvme0n1");
        assertEquals(List.of(
                "nvme0n1 → nvme0n1p1 → /boot/efi",
                "nvme0n1 → nvme0n1p2 → /boot",
                "nvme0n1 → nvme0n1p3 → dm-1 (LUKS nvme0n1p3_crypt) → dm-2 (LVM workstation--vg-root) → /",
                "nvme0n1 → nvme0n1p3 → dm-1 (LUKS nvme0n1p3_crypt) → dm-3 (LVM workstation--vg-swap_1)"),
                nvme.stack().chains());
        assertEquals(List.of("/boot/efi", "/boot", "/"), nvme.stack().reachedMountPoints());
        assertEquals(List.of("/boot", "/boot/efi"), nvme.mountPoints(), "its own partitions only, as before");
    }

    @Test
    void eachLayerIsToldByItsDeviceMapperUuid() throws IOException {
        StackNode p3 = scan(Fixtures.workstation()).get("nvme0n1").stack().above().get(2);
        assertEquals(StackNode.Layer.PARTITION, p3.layer());
        StackNode crypt = p3.above().get(0);
        assertEquals(StackNode.Layer.LUKS, crypt.layer());
        assertEquals("nvme0n1p3_crypt", crypt.label());
        assertEquals(List.of(StackNode.Layer.LVM, StackNode.Layer.LVM), crypt.above().stream().map(StackNode::layer).toList());
        assertEquals(List.of("/"), crypt.above().get(0).mountPoints());
        assertEquals(StackNode.Layer.CRYPT, StackNode.Layer.ofDmUuid("CRYPT-PLAIN-cryptswap"));
        assertEquals(StackNode.Layer.MULTIPATH, StackNode.Layer.ofDmUuid("mpath-3600508b400105e210000900000490000"));
        assertEquals(StackNode.Layer.DM, StackNode.Layer.ofDmUuid(null));
    }

    @Test
    void dmAndMdDevicesPointToTheDisksWhoseSchedulerMatters() throws IOException {
        Map<String, BlockDevice> d = scan(Fixtures.workstation());
        assertEquals(List.of("nvme0n1"), d.get("dm-2").restsOn(), "through LVM and LUKS down to the disk");
        assertEquals(List.of("nvme0n1"), d.get("dm-1").restsOn());
        assertEquals(List.of("sdb"), d.get("dm-0").restsOn());
        assertEquals(List.of("sda", "sdb"), d.get("md0").restsOn(), "both halves of the mirror");
        assertEquals(List.of(), d.get("nvme0n1").restsOn(), "a disk rests on nothing else");
        assertEquals(List.of(), d.get("zram0").restsOn());
        for (String stacked : List.of("dm-0", "dm-1", "dm-2", "dm-3", "md0")) {
            assertTrue(d.get(stacked).schedulers().isEmpty(), stacked + " is bio-based: its disks' schedulers decide");
            for (String disk : d.get(stacked).restsOn()) assertTrue(d.get(disk).hasScheduler(), disk);
        }
    }

    @Test
    void anMdMirrorShowsOnBothOfItsDisks() throws IOException {
        Map<String, BlockDevice> d = scan(Fixtures.workstation());
        assertTrue(d.get("sda").stack().chains().contains("sda → sda2 → md0 (md RAID raid1) → /srv/mirror"));
        assertTrue(d.get("sdb").stack().chains().contains("sdb → sdb3 → md0 (md RAID raid1) → /srv/mirror"));
        assertTrue(d.get("sdb").stack().chains().contains("sdb → sdb2 → dm-0 (LVM vg0-home) → /mnt/vault"));
        assertEquals(List.of("md0 → /srv/mirror"), d.get("md0").stack().chains());
    }

    @Test
    void aDiskWithNothingOnItHasNoChain() throws IOException {
        Map<String, BlockDevice> d = scan(Fixtures.workstation());
        assertEquals(List.of(), d.get("vda").stack().chains());
        assertEquals(List.of(), d.get("mmcblk0").stack().chains(), "an unmounted partition is left out");
        assertEquals(1, d.get("mmcblk0").stack().above().size(), "but it is in the tree");
    }

    @Test
    void hiddenNvmePathDevicesAreListedUnderTheirNamespaceNotAsDisks() throws IOException {
        List<BlockDevice> all = new BlockDeviceScanner(Fixtures.storageServer()).scan();
        assertEquals(List.of("nvme0n1", "sda"), all.stream().map(BlockDevice::name).toList());
        BlockDevice head = all.get(0);
        assertEquals(List.of("nvme0c0n1", "nvme0c1n1"), head.paths().stream().map(BlockDevice::name).toList());
        assertEquals(head.paths().stream().map(BlockDevice::name).toList(), head.restsOn(), "each path carries a scheduler");
        assertTrue(head.schedulers().isEmpty(), "the namespace head is bio-based");
        assertEquals(List.of("none", "mq-deadline"), head.paths().get(0).schedulers());
        assertEquals(16, head.paths().get(0).hwQueues());
        assertEquals("SAMSUNG MZWLR3T8HBLS-00007", head.model());
        assertEquals(List.of("nvme0n1 → nvme0n1p1 → /srv/data"), head.stack().chains());
        assertEquals("nvme0n1", BlockDeviceScanner.nvmeHead("nvme0c1n1"));
        assertNull(BlockDeviceScanner.nvmeHead("nvme0n1"));
        assertNull(BlockDeviceScanner.nvmeHead("nvme0n1p1"));
    }

    @Test
    void aPathDeviceCanStillBeFoundByItsListedName() throws IOException {
        BlockDevice path = new BlockDeviceScanner(Fixtures.storageServer()).find("nvme0c1n1").orElseThrow();
        assertEquals("none", path.active());
        assertEquals(Transport.NVME, path.transport());
    }

    @Test
    void aHostManagedZonedDiskBefore610IsOfferedOnlyMqDeadlineAndSaysWhy() throws IOException {
        BlockDevice smr = scan(Fixtures.storageServer()).get("sda");
        assertEquals("host-managed", smr.zoned());
        assertEquals(List.of("mq-deadline"), smr.schedulers());
        assertEquals("mq-deadline", smr.active());
        assertTrue(smr.schedulerNote().contains("before 6.10 only mq-deadline keeps its writes in zone order"), smr.schedulerNote());
        assertTrue(smr.schedulerNote().contains("none is not offered"), smr.schedulerNote());
    }

    @Test
    void fromLinux610EverySchedulerWorksOnZonedDisks() {
        SchedulerLine line = SchedulerLine.parse("none [mq-deadline] kyber bfq");
        ZonedGuard.Offer newer = ZonedGuard.offer(line, "host-managed", KernelRelease.parse("6.10.0"));
        assertEquals(line.offered(), newer.schedulers());
        assertTrue(newer.note().contains("every scheduler it lists works"));
        ZonedGuard.Offer unknown = ZonedGuard.offer(line, "host-managed", null);
        assertEquals(List.of("mq-deadline"), unknown.schedulers(), "an unknown kernel is treated as an old one");
        assertEquals(new ZonedGuard.Offer(line.offered(), null), ZonedGuard.offer(line, "host-aware", KernelRelease.parse("6.1.0")));
        assertEquals(new ZonedGuard.Offer(line.offered(), null), ZonedGuard.offer(line, "none", KernelRelease.parse("6.1.0")));
    }

    @Test
    void kernelReleases() {
        assertTrue(KernelRelease.parse("6.18.44-fc-v782").atLeast(6, 10));
        assertTrue(KernelRelease.parse("7.0").atLeast(6, 10));
        assertTrue(!KernelRelease.parse("6.1.0-18-amd64").atLeast(6, 10));
        assertNull(KernelRelease.parse("not a kernel"));
        assertEquals("6.1.0-18-amd64", KernelRelease.read(Fixtures.storageServer()).text());
    }

    @Test
    void theServerReadsAsExpected() throws IOException {
        String expected = java.nio.file.Files.readString(Fixtures.storageServer().resolve("EXPECTED.json"));
        String actual = new com.google.gson.GsonBuilder().serializeNulls().create().toJson(new BlockDeviceScanner(Fixtures.storageServer()).scan());
        assertEquals(com.google.gson.JsonParser.parseString(expected), com.google.gson.JsonParser.parseString(actual));
    }
}
