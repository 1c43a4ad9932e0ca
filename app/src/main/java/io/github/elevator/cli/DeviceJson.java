package io.github.elevator.cli;

import io.github.elevator.device.BlockDevice;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A device as {@code --json} prints it: the kernel's facts, plus the words the table uses.
 * {@code kind} is the word the table's KIND column and the window's Kind column show;
 * {@code transport} is the same value under its old name, kept for scripts written before.
 */
final class DeviceJson {
    private DeviceJson() {
    }

    static Map<String, Object> of(BlockDevice d) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", d.name());
        o.put("model", d.model());
        o.put("vendor", d.vendor());
        o.put("serial", d.serial());
        o.put("wwn", d.wwn());
        o.put("sizeBytes", d.sizeBytes());
        o.put("kind", d.transport().id());
        o.put("transport", d.transport().id());
        o.put("type", Formats.type(d));
        o.put("rotational", d.rotational());
        o.put("removable", d.removable());
        o.put("readOnly", d.readOnly());
        o.put("mountPoints", d.mountPoints());
        o.put("schedulers", d.schedulers());
        o.put("active", d.active());
        o.put("schedulerNote", d.schedulerNote());
        o.put("zoned", d.zoned());
        o.put("hwQueues", d.hwQueues());
        o.put("tunables", d.tunables());
        o.put("stack", d.stack());
        o.put("restsOn", d.restsOn());
        o.put("paths", d.paths());
        return o;
    }

    static List<Map<String, Object>> of(List<BlockDevice> devices) {
        return devices.stream().map(DeviceJson::of).toList();
    }
}
