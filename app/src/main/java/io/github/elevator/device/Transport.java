package io.github.elevator.device;

import io.github.elevator.text.Messages;

import com.google.gson.annotations.SerializedName;

/** How a block device is attached, as far as sysfs tells. */
public enum Transport {
    @SerializedName("nvme") NVME("NVMe"),
    @SerializedName("usb") USB("USB"),
    @SerializedName("sata") SATA("SATA"),
    @SerializedName("sas") SAS("SAS"),
    @SerializedName("scsi") SCSI("SCSI"),
    @SerializedName("virtio") VIRTIO("virtio"),
    @SerializedName("mmc") MMC("MMC/SD"),
    @SerializedName("loop") LOOP("loop"),
    @SerializedName("md") MD("RAID (md)"), // untranslated: technical name
    @SerializedName("dm") DM("device-mapper"),
    @SerializedName("other") OTHER(null);

    private final String label;

    Transport(String label) {
        this.label = label;
    }

    /** Short human-readable name for tables. */
    public String label() {
        return label != null ? label : Messages.text("device.transport.other-bus");
    }

    /** The lower-case word used in JSON and on the command line. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Derives the transport from the device name and the resolved sysfs path of
     * {@code /sys/block/NAME}, which runs through the bus the disk hangs off.
     */
    public static Transport detect(String name, String resolvedSysfsPath) {
        String path = resolvedSysfsPath;
        if (name.startsWith("nvme")) return NVME;
        if (name.startsWith("loop")) return LOOP;
        if (name.startsWith("mmcblk")) return MMC;
        if (name.startsWith("md")) return MD;
        if (name.startsWith("dm-")) return DM;
        if (path.contains("/usb")) return USB;
        if (path.contains("/virtio")) return VIRTIO;
        if (path.contains("/ata")) return SATA;
        if (path.contains("/end_device-") || path.contains("/sas_")) return SAS;
        if (name.startsWith("sd") || name.startsWith("sr")) return SCSI;
        if (name.startsWith("vd")) return VIRTIO;
        return OTHER;
    }
}
