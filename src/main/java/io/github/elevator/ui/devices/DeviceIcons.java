package io.github.elevator.ui.devices;

import io.github.elevator.device.BlockDevice;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** An icon that tells the kind of device at a glance. */
final class DeviceIcons {
    private DeviceIcons() {
    }

    static FontIcon forDevice(BlockDevice d) {
        FontIcon icon = new FontIcon(ikon(d));
        icon.setIconSize(18);
        icon.getStyleClass().add("device-icon");
        return icon;
    }

    private static Ikon ikon(BlockDevice d) {
        return switch (d.transport()) {
            case USB -> Material2MZ.USB;
            case MMC -> Material2MZ.SD_CARD;
            case NVME -> Material2MZ.SD_STORAGE;
            case SATA, SAS, SCSI -> d.rotational() ? Material2AL.ALBUM : Material2MZ.STORAGE;
            case VIRTIO -> Material2AL.DNS;
            case LOOP -> Material2AL.INSERT_DRIVE_FILE;
            case MD, DM -> Material2AL.LAYERS;
            case OTHER -> Material2MZ.MEMORY;
        };
    }

    /** Words for the icon, for screen readers and tooltips. */
    static String describe(BlockDevice d) {
        return switch (d.transport()) {
            case SATA, SAS, SCSI -> (d.rotational() ? "Hard disk" : "SSD") + " (" + d.transport().label() + ")";
            case LOOP -> "Loop device (a file used as a disk)";
            case OTHER -> d.name().startsWith("zram") ? "Compressed RAM disk" : "Other block device";
            default -> d.transport().label() + " device";
        };
    }
}
