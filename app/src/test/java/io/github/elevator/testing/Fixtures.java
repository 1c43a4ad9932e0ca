package io.github.elevator.testing;

import java.nio.file.Path;

/**
 * Copied sysfs trees under src/test/fixtures, read in place (their links must stay links). The protocol module's
 * HandOverKindTest reads the workstation here too, by its path from that module's folder.
 */
public final class Fixtures {
    private Fixtures() {
    }

    /** A desktop machine: nvme (with / on LUKS and LVM), SATA SSD and HDD, USB stick, SD card, virtio, loop, zram, dm and md. */
    public static Path workstation() {
        return Path.of("src/test/fixtures/sysfs/workstation").toAbsolutePath();
    }

    /** A made-up root of other setters of schedulers (TLP, a distribution's udev rules): see overriders/README.md. */
    public static Path overriders(String name) {
        return Path.of("src/test/fixtures/overriders").resolve(name).toAbsolutePath();
    }

    /**
     * Copies a fixture tree into {@code into}, links as links, for a test that changes it; a link
     * that leads out of the tree (to the copied sysfs) leads to the same place from the copy.
     */
    public static Path copy(Path tree, Path into) throws java.io.IOException {
        try (var paths = java.nio.file.Files.walk(tree)) {
            for (Path p : paths.toList()) {
                Path target = into.resolve(tree.relativize(p).toString());
                if (java.nio.file.Files.isSymbolicLink(p)) {
                    Path link = java.nio.file.Files.readSymbolicLink(p);
                    Path leadsTo = p.getParent().resolve(link).normalize();
                    Path to = leadsTo.startsWith(tree) ? link : leadsTo;
                    // two fixtures laid into one root share their link to sysfs
                    if (java.nio.file.Files.isSymbolicLink(target) && java.nio.file.Files.readSymbolicLink(target).equals(to)) continue;
                    java.nio.file.Files.createSymbolicLink(target, to);
                } else if (java.nio.file.Files.isDirectory(p)) {
                    java.nio.file.Files.createDirectories(target);
                } else {
                    java.nio.file.Files.copy(p, target);
                }
            }
        }
        return into;
    }

    /** A server on Linux 6.1: a host-managed zoned SMR disk and a dual-ported NVMe namespace (native multipath). */
    public static Path storageServer() {
        return Path.of("src/test/fixtures/sysfs/storage-server").toAbsolutePath();
    }
}
