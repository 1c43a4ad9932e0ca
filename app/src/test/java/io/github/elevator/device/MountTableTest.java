package io.github.elevator.device;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MountTableTest {

    @Test
    void readsDeviceNumbersSourcesAndEscapedMountPoints() {
        MountTable t = MountTable.parse("""
                22 1 8:2 / / rw,relatime shared:1 - ext4 /dev/sda2 rw
                40 22 8:33 / /media/alex/MY\\040STICK rw,nosuid shared:5 - vfat /dev/sdc1 rw,uid=1000
                41 22 0:40 / /mnt/with\\134backslash rw - tmpfs tmpfs rw
                42 22 0:41 / /home rw,relatime shared:2 master:1 - btrfs /dev/mapper/vg0-home rw
                garbage line
                """);
        assertEquals(List.of(
                new MountTable.Mount("8:2", "ext4", "/dev/sda2", "/"),
                new MountTable.Mount("8:33", "vfat", "/dev/sdc1", "/media/alex/MY STICK"),
                new MountTable.Mount("0:40", "tmpfs", "tmpfs", "/mnt/with\\backslash"),
                new MountTable.Mount("0:41", "btrfs", "/dev/mapper/vg0-home", "/home")), t.mounts());
    }
}
