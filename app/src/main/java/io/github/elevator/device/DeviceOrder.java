package io.github.elevator.device;


import java.util.Comparator;

/**
 * The order of the device list: the disks a person owns first (NVMe, SSD, hard disk, virtual
 * machine disk, USB, memory card), then the devices built in software (RAID, device-mapper, loop,
 * compressed RAM, RAM disks); by name within each kind. A desktop with many snaps has a screenful
 * of loop devices, and natural order put them above the disks and selected the first of them.
 */
public final class DeviceOrder {
    private DeviceOrder() {
    }

    public static final Comparator<BlockDevice> DEVICES = Comparator.comparingInt(DeviceOrder::rank)
            .thenComparing(BlockDevice::name, DeviceNames.NATURAL);

    /** Whether the device is built in software (on other disks, on a file or in memory) rather than a disk of its own. */
    public static boolean isVirtual(BlockDevice d) {
        return rank(d) >= FIRST_VIRTUAL;
    }

    /** Whether the device is a loop device: a file used as a disk, which snaps and containers make by the dozen. */
    public static boolean isLoop(BlockDevice d) {
        return d.transport() == io.github.elevator.device.Transport.LOOP;
    }

    private static final int FIRST_VIRTUAL = 10;

    private static int rank(BlockDevice d) {
        return switch (d.transport()) {
            case NVME -> 0;
            case SATA, SAS, SCSI -> d.rotational() ? 2 : 1;
            case VIRTIO -> 3;
            case USB -> 4;
            case MMC -> 5;
            case MD -> FIRST_VIRTUAL;
            case DM -> FIRST_VIRTUAL + 1;
            case LOOP -> FIRST_VIRTUAL + 2;
            case OTHER -> inMemory(d.name()) ? FIRST_VIRTUAL + 3 : 6;
        };
    }

    /** zram (compressed RAM) and ram (brd) disks: the kernel gives them no transport of their own. */
    private static boolean inMemory(String name) {
        return name.startsWith("zram") || name.matches("ram\\d+");
    }
}
