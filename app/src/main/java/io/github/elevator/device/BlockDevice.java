package io.github.elevator.device;

import java.util.List;

/**
 * One whole block device as the kernel describes it. Fields the kernel does not
 * expose for a device are null. {@code schedulers} is empty for devices without
 * a scheduler (zram, some dm/md), and then {@code active} is null.
 *
 * <p>{@code schedulers} holds what a person may choose: the kernel's list, less what would not
 * work on this device ({@link ZonedGuard}); {@code schedulerNote} says why something was left
 * out. {@code zoned} is the kernel's {@code queue/zoned} ("none", "host-aware", "host-managed").
 * {@code hwQueues} counts the hardware queues in {@code mq/} (0 for bio-based devices).
 * {@code stack} is what sits on the device (partitions, dm, md, mount points); {@code restsOn}
 * the whole devices a dm, md or NVMe multipath device is built on, whose schedulers are the
 * ones that matter; {@code paths} the hidden per-path devices of an NVMe multipath namespace.
 */
public record BlockDevice(
        String name,
        String model,
        String vendor,
        String serial,
        String wwn,
        long sizeBytes,
        Transport transport,
        boolean rotational,
        boolean removable,
        boolean readOnly,
        List<String> mountPoints,
        List<String> schedulers,
        String active,
        String schedulerNote,
        String zoned,
        int hwQueues,
        Tunables tunables,
        StackNode stack,
        List<String> restsOn,
        List<BlockDevice> paths) {

    public BlockDevice {
        mountPoints = List.copyOf(mountPoints);
        schedulers = List.copyOf(schedulers);
        restsOn = List.copyOf(restsOn);
        paths = List.copyOf(paths);
    }

    public boolean hasScheduler() {
        return !schedulers.isEmpty();
    }

    /** A loop device with no file attached: listed by the kernel, but not a disk anyone uses. */
    public boolean isDetachedLoop() {
        return transport == Transport.LOOP && sizeBytes == 0;
    }

    /** Model, else vendor, else the transport: what a person calls this disk. */
    public String displayModel() {
        if (model != null && !model.isBlank()) return model;
        if (vendor != null && !vendor.isBlank()) return vendor;
        return "";
    }
}
