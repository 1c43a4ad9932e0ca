package io.github.elevator.device;

import io.github.elevator.text.Messages;

import com.google.gson.annotations.SerializedName;

import java.util.ArrayList;
import java.util.List;

/**
 * One block device in a storage stack and what sits on it: a disk's partitions, the dm-crypt,
 * LVM or md devices built on a partition or disk, and so on up to the mount points. Read from
 * {@code holders/} in sysfs; {@code label} is the device-mapper name or the md RAID level.
 */
public record StackNode(String name, Layer layer, String label, List<String> mountPoints, List<StackNode> above) {

    /** What a device in a stack is. */
    public enum Layer {
        @SerializedName("disk") DISK(null),
        @SerializedName("partition") PARTITION(null),
        @SerializedName("luks") LUKS("LUKS"),
        @SerializedName("crypt") CRYPT("dm-crypt"),
        @SerializedName("lvm") LVM("LVM"),
        @SerializedName("multipath") MULTIPATH("multipath"),
        @SerializedName("dm") DM("device-mapper"),
        @SerializedName("md") MD("md RAID"); // untranslated: technical name

        private final String label;

        Layer(String label) {
            this.label = label;
        }

        /** "LUKS", "LVM", "md RAID": for people. */
        public String label() {
            if (this == DISK) return Messages.text("device.layer.disk");
            if (this == PARTITION) return Messages.text("device.layer.partition");
            return label;
        }

        /**
         * A device-mapper device's layer from the prefix of its {@code dm/uuid}, which the tool that
         * made it sets: cryptsetup writes {@code CRYPT-LUKS2-...}, {@code CRYPT-PLAIN-...}; LVM
         * {@code LVM-<vg uuid><lv uuid>}; multipathd {@code mpath-<wwid>}.
         */
        public static Layer ofDmUuid(String uuid) {
            if (uuid == null) return DM;
            if (uuid.startsWith("CRYPT-LUKS")) return LUKS;
            if (uuid.startsWith("CRYPT-")) return CRYPT;
            if (uuid.startsWith("LVM-")) return LVM;
            if (uuid.startsWith("mpath-")) return MULTIPATH;
            return DM;
        }
    }

    public StackNode {
        mountPoints = List.copyOf(mountPoints);
        above = List.copyOf(above);
    }

    /** "dm-1 (LUKS nvme0n1p3_crypt)", "nvme0n1p3", "md0 (md RAID raid1)". */
    public String describe() {
        if (layer == Layer.DISK || layer == Layer.PARTITION) return name;
        return name + " (" + layer.label() + (label == null || label.isEmpty() ? "" : " " + label) + ")";
    }

    /** True when anything sits on this device or it is mounted. */
    public boolean isUsed() {
        return !mountPoints.isEmpty() || !above.isEmpty();
    }

    /** Every mount point reached from here, through partitions, dm and md, in tree order. */
    public List<String> reachedMountPoints() {
        List<String> all = new ArrayList<>();
        collect(this, all);
        return all;
    }

    private static void collect(StackNode node, List<String> into) {
        for (String m : node.mountPoints) {
            if (!into.contains(m)) into.add(m);
        }
        for (StackNode up : node.above) collect(up, into);
    }

    /**
     * One line per path from this device to a mount point or to the top of the stack, such as
     * {@code nvme0n1 → nvme0n1p3 → dm-1 (LUKS nvme0n1p3_crypt) → dm-2 (LVM vg-root) → /}.
     * Unused partitions are left out; a device with nothing on it gives no line.
     */
    public List<String> chains() {
        List<String> lines = new ArrayList<>();
        for (StackNode up : above) walk(up, name, lines);
        for (String m : mountPoints) lines.add(name + " → " + m);
        return lines;
    }

    private static void walk(StackNode node, String prefix, List<String> lines) {
        String here = prefix + " → " + node.describe();
        for (String m : node.mountPoints) lines.add(here + " → " + m);
        for (StackNode up : node.above) walk(up, here, lines);
        if (node.mountPoints.isEmpty() && node.above.isEmpty() && node.layer != Layer.PARTITION) lines.add(here);
    }
}
