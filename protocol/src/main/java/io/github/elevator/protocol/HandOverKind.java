package io.github.elevator.protocol;

import java.util.regex.Pattern;

/**
 * What root may hand over for a benchmark, per kind of block device. A read-only descriptor of a
 * whole disk carries its driver's ioctls, and not every driver checks the open mode (or a
 * capability) in each of them. Root hands over only kinds whose driver lets a read-only descriptor
 * read and query, nothing else; the app reads every other kind through a node its user may open
 * already. Each answer's source in the kernel is in helper/REVIEWING.md. A kind is told by two
 * things only the kernel sets: the disk's name in /sys/block and the driver of its major (/proc/devices).
 */
public enum HandOverKind {
    /**
     * SG_IO lets a reader send START STOP UNIT (spin down, eject): handed over only when its medium is
     * removable (a USB stick, a card reader), which udisks lets the seat's user stop or eject anyway.
     */
    SCSI_DISK("sd[a-z]{1,4}", "sd"),
    /** NVME_IOCTL_SUBMIT_IO's write is not shown to check the open mode on every kernel: counted as able to write. */
    NVME("nvme[0-9]{1,4}n[0-9]{1,4}", "blkext"),
    VIRTIO("vd[a-z]{1,4}", "virtblk"),
    MMC("mmcblk[0-9]{1,4}", "mmc"),
    /** LOOP_CHANGE_FD, LOOP_CLR_FD and LOOP_SET_FD check neither the open mode nor a capability. */
    LOOP("loop[0-9]{1,7}", "loop"),
    /** Every other kind (sr, nbd, dm, md, zram, ublk, anything new). */
    OTHER(null, null);

    private final Pattern name;
    private final String driver;

    HandOverKind(String name, String driver) {
        this.name = name == null ? null : Pattern.compile(name);
        this.driver = driver;
    }

    /** Whether root hands a disk of this kind over to anyone granted the benchmark; {@code removable}: the kernel's {@code removable} of the disk. */
    public boolean handedOver(boolean removable) {
        return this == VIRTIO || this == MMC || (this == SCSI_DISK && removable);
    }

    /** The kind of the disk the kernel names {@code name}, whose major number {@code driver} registered. */
    public static HandOverKind of(String name, String driver) {
        for (HandOverKind k : values()) {
            if (k.name != null && k.name.matcher(name).matches() && k.driver.equals(driver)) return k;
        }
        return OTHER;
    }

    /** The kind of {@code name} with device number {@code number} ("major:minor"), from the text of /proc/devices. */
    public static HandOverKind of(String name, String number, String procDevices) {
        return of(name, driver(procDevices, Long.parseLong(number.split(":")[0])));
    }

    /** The driver of block major {@code major} in the text of /proc/devices, or "" when it lists none. */
    public static String driver(String procDevices, long major) {
        boolean block = false;
        for (String line : procDevices.split("\n")) {
            if (line.equals("Block devices:")) block = true;
            String[] words = line.strip().split(" ");
            if (block && words.length == 2 && words[0].equals(Long.toString(major))) return words[1];
        }
        return "";
    }
}
