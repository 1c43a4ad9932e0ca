package io.github.elevator.testing;

import java.nio.file.Path;

/** Copied sysfs trees under src/test/fixtures, read in place (their links must stay links). */
public final class Fixtures {
    private Fixtures() {
    }

    /** A desktop machine: nvme, SATA SSD and HDD, USB stick, SD card, virtio, loop, zram, dm and md. */
    public static Path workstation() {
        return Path.of("src/test/fixtures/sysfs/workstation").toAbsolutePath();
    }
}
