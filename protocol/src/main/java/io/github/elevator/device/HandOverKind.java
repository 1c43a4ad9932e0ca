package io.github.elevator.device;

import java.util.regex.Pattern;

/**
 * What root may hand over for a benchmark, per kind of block device. A read-only descriptor of a
 * whole disk carries its driver's ioctls, and not every driver checks the open mode (or a
 * capability of the caller) in each of them: the loop driver's LOOP_CHANGE_FD, LOOP_CLR_FD and
 * LOOP_SET_FD check neither. Each kind's answer and its source in the kernel are in
 * helper/REVIEWING.md. A kind is told by two things only the kernel sets: the name it gives the
 * disk in /sys/block and the driver that registered the disk's major number (/proc/devices).
 */
public enum HandOverKind {
    /** SG_IO lets a reader send START STOP UNIT (spin down, eject), SCSI_IOCTL_STOP_UNIT and door locks need nothing. */
    SCSI_DISK("sd[a-z]{1,4}", "sd", Rule.OWN_ACCESS),
    /** NVME_IOCTL_SUBMIT_IO's write is not shown to check the open mode on every kernel: counted as able to write. */
    NVME("nvme[0-9]{1,4}n[0-9]{1,4}", "blkext", Rule.OWN_ACCESS),
    VIRTIO("vd[a-z]{1,4}", "virtblk", Rule.ANYONE),
    MMC("mmcblk[0-9]{1,4}", "mmc", Rule.ANYONE),
    /** LOOP_CHANGE_FD, LOOP_CLR_FD and LOOP_SET_FD check neither the open mode nor a capability. */
    LOOP("loop[0-9]{1,7}", "loop", Rule.OWN_ACCESS),
    /** Every other kind (sr, nbd, dm, md, zram, ublk, anything new): never handed over. */
    OTHER(null, null, Rule.NEVER);

    /** Who may get the descriptor. */
    public enum Rule {
        /** Anyone granted the benchmark: the driver lets a read-only descriptor read and query, nothing else. */
        ANYONE,
        /** Only a caller who could open the device node themselves: the descriptor gives nothing they lack. */
        OWN_ACCESS,
        NEVER
    }

    private final Pattern name;
    private final String driver;
    public final Rule rule;

    HandOverKind(String name, String driver, Rule rule) {
        this.name = name == null ? null : Pattern.compile(name);
        this.driver = driver;
        this.rule = rule;
    }

    /** The kind of the disk the kernel names {@code name}, whose major number {@code driver} registered. */
    public static HandOverKind of(String name, String driver) {
        for (HandOverKind k : values()) {
            if (k.name != null && k.name.matcher(name).matches() && k.driver.equals(driver)) return k;
        }
        return OTHER;
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
