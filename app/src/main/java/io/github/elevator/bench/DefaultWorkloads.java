package io.github.elevator.bench;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.util.ArrayList;
import java.util.List;

/**
 * The workloads a sweep runs when the person chose none: the raw reads on every device, and the
 * write workload that shows what the device is used for where a filesystem of it can be written.
 * A stick or card holds files that are copied, unpacked and saved, where the scheduler decides
 * most (the same small-file work took 147 s under one scheduler and 351 s under another on a USB
 * stick). Every other device with a filesystem to write (a hard disk, an SSD, an NVMe drive, the
 * system disk through its user's home) gets read-under-write: whether the desktop stays usable
 * during a big copy, the question distributions choose a default scheduler by.
 */
public final class DefaultWorkloads {
    private DefaultWorkloads() {
    }

    /** {@code writable}: a filesystem of the device is mounted where write workloads may run ({@link Scratch#writableMount}). */
    public static List<Workload> of(BlockDevice device, boolean writable) {
        List<Workload> set = new ArrayList<>(Workload.DEFAULTS);
        if (!writable) return List.copyOf(set);
        set.add(flash(device) ? Workload.SMALL_FILES : Workload.READ_UNDER_WRITE);
        return List.copyOf(set);
    }

    /**
     * Removable media and USB or SD devices: flash, whatever {@code rotational} says (usb-storage
     * reports every stick as rotating).
     */
    static boolean flash(BlockDevice device) {
        return device.removable() || device.transport() == Transport.USB || device.transport() == Transport.MMC;
    }
}
