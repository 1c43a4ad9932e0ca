package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.util.Locale;

/**
 * A kind of disk a rule can name, in order of precedence: when a disk is of several kinds (a USB
 * stick is {@code usb} and usually {@code removable}), the rule for the earlier kind wins.
 * Each kind is recognised the same way here and in the generated udev rule, from what sysfs
 * shows: never from {@code rotational} alone, which many USB sticks report as 1.
 */
public enum Kind {
    REMOVABLE("removable device", "removable media: USB sticks, card readers", "ATTR{removable}==\"1\""),
    USB("USB device", "disks attached through USB", "SUBSYSTEMS==\"usb\""),
    MMC("MMC/SD card", "MMC and SD cards in a built-in reader", "KERNEL==\"mmcblk*\""),
    NVME("NVMe drive", "NVMe drives", "KERNEL==\"nvme*\""),
    SSD("SATA/SAS SSD", "solid-state SATA and SAS disks", "KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"0\""),
    HDD("SATA/SAS hard disk", "rotating SATA and SAS disks", "KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"1\""),
    VIRTIO("virtio disk", "virtual machine disks (virtio)", "SUBSYSTEMS==\"virtio\""),
    LOOP("loop device", "loop devices (files used as disks)", "KERNEL==\"loop*\"");

    private final String noun;
    private final String description;
    private final String udevMatch;

    Kind(String noun, String description, String udevMatch) {
        this.noun = noun;
        this.description = description;
        this.udevMatch = udevMatch;
    }

    /** The word used on the command line, in the stdin description and in the file: {@code usb}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "USB device", as in "every USB device". */
    public String noun() {
        return noun;
    }

    /** What the kind covers, in words for a person. */
    public String description() {
        return description;
    }

    /** The udev match keys that recognise this kind; fixed text, never built from input. */
    String udevMatch() {
        return udevMatch;
    }

    /** The kind with this id, or null. */
    public static Kind byId(String id) {
        for (Kind k : values()) {
            if (k.id().equals(id)) return k;
        }
        return null;
    }

    /** True when the udev rule of this kind matches the device; mirrors {@link #udevMatch()}. */
    public boolean matches(BlockDevice d) {
        Transport t = d.transport();
        boolean sataOrSas = t == Transport.SATA || t == Transport.SAS;
        return switch (this) {
            case REMOVABLE -> d.removable();
            case USB -> t == Transport.USB;
            case MMC -> t == Transport.MMC;
            case NVME -> t == Transport.NVME;
            case SSD -> sataOrSas && !d.rotational();
            case HDD -> sataOrSas && d.rotational();
            case VIRTIO -> t == Transport.VIRTIO;
            case LOOP -> t == Transport.LOOP;
        };
    }

    /** The first kind, in precedence order, that the device is of; null for none (zram, md, dm, ...). */
    public static Kind of(BlockDevice d) {
        for (Kind k : values()) {
            if (k.matches(d)) return k;
        }
        return null;
    }

    /** "usb, removable, ...": the ids, for messages. */
    public static String ids() {
        StringBuilder s = new StringBuilder();
        for (Kind k : values()) s.append(s.length() == 0 ? "" : ", ").append(k.id());
        return s.toString();
    }
}
