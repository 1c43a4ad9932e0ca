package io.github.elevator.device;

import java.util.List;

/**
 * One whole block device as the kernel describes it. Fields the kernel does not
 * expose for a device are null. {@code schedulers} is empty for devices without
 * a scheduler (zram, some dm/md), and then {@code active} is null.
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
        String active) {

    public BlockDevice {
        mountPoints = List.copyOf(mountPoints);
        schedulers = List.copyOf(schedulers);
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
