package io.github.elevator.testing;

import java.nio.file.Path;

/** Copied sysfs trees under src/test/fixtures, read in place (their links must stay links). */
public final class Fixtures {
    private Fixtures() {
    }

    /** A desktop machine: nvme (with / on LUKS and LVM), SATA SSD and HDD, USB stick, SD card, virtio, loop, zram, dm and md. */
    public static Path workstation() {
        return Path.of("src/test/fixtures/sysfs/workstation").toAbsolutePath();
    }

    /** A server on Linux 6.1: a host-managed zoned SMR disk and a dual-ported NVMe namespace (native multipath). */
    public static Path storageServer() {
        return Path.of("src/test/fixtures/sysfs/storage-server").toAbsolutePath();
    }
}
