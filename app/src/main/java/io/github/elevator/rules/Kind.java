package io.github.elevator.rules;

import io.github.elevator.protocol.RulesRenderer;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;
import io.github.elevator.text.Messages;

import java.util.Locale;

/**
 * A kind of disk a rule can name, in order of precedence: when a disk is of several kinds (a USB
 * stick is {@code usb} and usually {@code removable}), the rule for the earlier kind wins.
 * Each kind is recognised the same way here and in the generated udev rule, from what sysfs
 * shows: never from {@code rotational} alone, which many USB sticks report as 1.
 */
public enum Kind {
    REMOVABLE, USB, MMC, NVME, SSD, HDD, VIRTIO, LOOP;

    /** The messages of a kind are "ruleset.kind.ID.noun", ".every" and ".description". */
    private static final String MESSAGES = "ruleset.kind.";

    /** The word used on the command line, in the stdin description and in the file: {@code usb}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "USB device", in the desktop's language (the rules file names the kind by its {@link #id}). */
    public String noun() {
        return text(".noun");
    }

    /** "every USB device": a whole phrase, since other languages do not say "every" the same way before every noun. */
    public String every() {
        return text(".every");
    }

    /** What the kind covers, in words for a person. */
    public String description() {
        return text(".description");
    }

    private String text(String part) {
        return Messages.text(MESSAGES + id() + part);
    }

    /** The kind with this id, or null. */
    public static Kind byId(String id) {
        for (Kind k : values()) {
            if (k.id().equals(id)) return k;
        }
        return null;
    }

    /** True when the udev rule of this kind matches the device; mirrors its udev keys in {@link RulesRenderer#KINDS}. */
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
