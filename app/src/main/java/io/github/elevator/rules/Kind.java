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
    REMOVABLE("removable media: USB sticks, card readers"),
    USB("disks attached through USB"),
    MMC("MMC and SD cards in a built-in reader"),
    NVME("NVMe drives"),
    SSD("solid-state SATA and SAS disks"),
    HDD("rotating SATA and SAS disks"),
    VIRTIO("virtual machine disks (virtio)"),
    LOOP("loop devices (files used as disks)");

    private final String description;

    Kind(String description) {
        this.description = description;
    }

    /** The word used on the command line, in the stdin description and in the file: {@code usb}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "USB device", as in "every USB device". */
    public String noun() {
        return UdevRulesText.KINDS.get(ordinal()).get(1);
    }

    /** What the kind covers, in words for a person. */
    public String description() {
        return description;
    }

    /** The kind with this id, or null. */
    public static Kind byId(String id) {
        for (Kind k : values()) {
            if (k.id().equals(id)) return k;
        }
        return null;
    }

    /** True when the udev rule of this kind matches the device; mirrors its udev keys in {@link UdevRulesText#KINDS}. */
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
