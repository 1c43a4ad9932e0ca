package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a udev match key reads for one whole disk: its attributes and those of the devices above it
 * in {@code /sys/devices} (the path {@code /sys/block/NAME} leads to), their kernel names,
 * subsystems and drivers; where sysfs is not there to read, what Elevator's own reading of the
 * disk tells. A key this cannot answer is {@code null}: the rule then perhaps matches.
 */
final class DiskFacts {
    private static final int MAX_ATTRIBUTE_BYTES = 4096;

    private final BlockDevice disk;
    /** The disk's own folder, then each parent up to (not including) {@code /sys/devices}; empty without sysfs. */
    private final List<Path> chain;

    DiskFacts(BlockDevice disk, Path root) {
        this.disk = disk;
        this.chain = chain(root, disk.name());
    }

    private static List<Path> chain(Path root, String name) {
        List<Path> dirs = new ArrayList<>();
        try {
            Path devices = root.resolve("sys/devices").toRealPath();
            for (Path p = root.resolve("sys/block").resolve(name).toRealPath(); p != null && p.startsWith(devices) && !p.equals(devices);
                 p = p.getParent()) {
                dirs.add(p);
            }
        } catch (IOException | SecurityException absent) {
            return List.of();
        }
        return dirs;
    }

    private static String read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_ATTRIBUTE_BYTES) return null;
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    /** The names a link called {@code link} points to, in the folders of the chain: subsystems or drivers. */
    private Set<String> links(String link) {
        Set<String> names = new LinkedHashSet<>();
        for (Path dir : chain) {
            try {
                Path target = Files.readSymbolicLink(dir.resolve(link));
                names.add(target.getFileName().toString());
            } catch (IOException | UnsupportedOperationException notALink) {
                // this level has none
            }
        }
        return names;
    }

    String name() {
        return disk.name();
    }

    /** {@code ATTR{key}} of the disk itself. */
    String attr(String key) {
        if (!key.contains("..") && !chain.isEmpty()) {
            String value = read(chain.get(0).resolve(key));
            if (value != null) return value;
        }
        return known(key);
    }

    private String known(String key) {
        return switch (key) {
            case "queue/rotational" -> disk.rotational() ? "1" : "0";
            case "removable" -> disk.removable() ? "1" : "0";
            case "ro" -> disk.readOnly() ? "1" : "0";
            case "size" -> Long.toString(disk.sizeBytes() / 512);
            case "queue/zoned" -> disk.zoned();
            case "queue/scheduler" -> schedulerLine();
            default -> {
                Long value = disk.tunables() == null ? null : disk.tunables().value(key);
                yield value == null ? null : value.toString();
            }
        };
    }

    /**
     * {@code ATTRS{key}}: the values of that attribute from the disk up, with the disk's identity
     * as Elevator read it; none (no match) when sysfs is there and has it nowhere, null (perhaps)
     * when there is no sysfs to read.
     */
    List<String> attrs(String key) {
        List<String> values = new ArrayList<>();
        if (!key.contains("/")) {
            for (Path dir : chain) {
                String v = read(dir.resolve(key));
                if (v != null) values.add(v);
            }
        }
        String identity = switch (key) {
            case "wwid" -> disk.wwn();
            case "serial" -> Match.serialIsAnAttribute(disk.transport()) ? disk.serial() : null;
            case "model" -> disk.model();
            case "vendor" -> disk.vendor();
            default -> chain.isEmpty() ? attr(key) : null;
        };
        if (identity != null) values.add(identity);
        return values.isEmpty() && chain.isEmpty() ? null : values;
    }

    /** {@code KERNELS}: the kernel names from the disk up; null without sysfs. */
    List<String> kernels() {
        return chain.isEmpty() ? null : chain.stream().map(p -> p.getFileName().toString()).toList();
    }

    /** {@code DRIVERS}: the drivers bound on the way up; null when sysfs shows none (a copied tree keeps no links). */
    Set<String> drivers() {
        Set<String> drivers = links("driver");
        return drivers.isEmpty() ? null : drivers;
    }

    /** {@code SUBSYSTEMS}: the buses on the way from the disk up; from the disk's transport where sysfs shows none; null if unknown. */
    Set<String> subsystems() {
        Set<String> linked = links("subsystem");
        if (!linked.isEmpty()) return linked;
        return switch (disk.transport()) {
            case USB -> Set.of("block", "scsi", "usb", "pci");
            case SATA, SAS, SCSI -> Set.of("block", "scsi", "pci");
            case NVME -> Set.of("block", "nvme", "pci");
            case MMC -> Set.of("block", "mmc", "pci");
            case VIRTIO -> Set.of("block", "virtio", "pci");
            case LOOP, MD, DM -> Set.of("block");
            default -> null;
        };
    }

    /** The line of {@code queue/scheduler} as the kernel prints it: the active one in brackets. */
    private String schedulerLine() {
        if (!disk.hasScheduler()) return "none";
        List<String> words = new ArrayList<>();
        for (String s : disk.schedulers()) words.add(s.equals(disk.active()) ? "[" + s + "]" : s);
        return String.join(" ", words);
    }

    boolean isVirtual() {
        Transport t = disk.transport();
        return t == Transport.LOOP || t == Transport.MD || t == Transport.DM;
    }
}
