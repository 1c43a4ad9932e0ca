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
 * stick); a spinning disk seeks between a writer and a reader, so its reads under a writer show
 * the scheduler best.
 */
public final class DefaultWorkloads {
    private DefaultWorkloads() {
    }

    /** {@code writable}: a filesystem of the device is mounted where write workloads may run ({@link Scratch#writableMount}). */
    public static List<Workload> of(BlockDevice device, boolean writable) {
        List<Workload> set = new ArrayList<>(Workload.DEFAULTS);
        if (!writable) return List.copyOf(set);
        if (flash(device)) set.add(Workload.SMALL_FILES);
        else if (device.rotational()) set.add(Workload.READ_UNDER_WRITE);
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
