package io.github.elevator.ui.devices;

import io.github.elevator.text.Messages;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.ui.common.Icon;
import javafx.scene.layout.Region;

/** An icon that tells the kind of device at a glance. */
final class DeviceIcons {
    private DeviceIcons() {
    }

    static Region forDevice(BlockDevice d) {
        Region icon = icon(d).node(18);
        icon.getStyleClass().add("device-icon");
        return icon;
    }

    private static Icon icon(BlockDevice d) {
        return switch (d.transport()) {
            case USB -> Icon.USB;
            case MMC, NVME -> Icon.SD_CARD;
            case SATA, SAS, SCSI -> d.rotational() ? Icon.HARD_DISK : Icon.STORAGE;
            case VIRTIO -> Icon.SERVER;
            case LOOP -> Icon.FILE;
            case MD, DM -> Icon.LAYERS;
            case OTHER -> Icon.CHIP;
        };
    }

    /** Words for the icon, for screen readers and tooltips. */
    static String describe(BlockDevice d) {
        return switch (d.transport()) {
            case SATA, SAS, SCSI -> Messages.text(d.rotational() ? "ui.devices.icon.hdd" : "ui.devices.icon.ssd", d.transport().label());
            case LOOP -> Messages.text("ui.devices.icon.loop");
            case OTHER -> Messages.text(d.name().startsWith("zram") ? "ui.devices.icon.zram" : "ui.devices.icon.unknown");
            default -> Messages.text("ui.devices.icon.transport", d.transport().label());
        };
    }
}
