package io.github.elevator.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lists the whole block devices of a machine from sysfs and the mount table.
 * The root is injectable so tests can run on copied sysfs trees; in production it is {@code /}.
 */
public final class BlockDeviceScanner {
    private final Path root;
    private final Path sysBlock;

    public BlockDeviceScanner(Path root) {
        this.root = root;
        this.sysBlock = root.resolve("sys/block");
    }

    public static BlockDeviceScanner system() {
        return new BlockDeviceScanner(Path.of("/"));
    }

    /** The names of the entries of {@code sys/block}, in natural order (loop2 before loop10). */
    public List<String> names() throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(sysBlock)) {
            for (Path entry : entries) names.add(entry.getFileName().toString());
        }
        names.sort(DeviceNames.NATURAL);
        return names;
    }

    /** Every whole block device, in natural order of names. Devices that vanish while being read are left out. */
    public List<BlockDevice> scan() throws IOException {
        MountTable mounts = MountTable.read(root.resolve("proc/self/mountinfo"));
        List<BlockDevice> devices = new ArrayList<>();
        for (String name : names()) {
            try {
                devices.add(read(name, mounts));
            } catch (NoSuchFileException gone) {
                // unplugged between listing and reading
            }
        }
        return devices;
    }

    /**
     * The devices among {@code wanted} that sysfs lists, in natural order; names are compared with
     * the listed names, never used as paths as they come.
     */
    public List<BlockDevice> scan(java.util.Collection<String> wanted) throws IOException {
        List<String> listed = names();
        listed.retainAll(new HashSet<>(wanted));
        if (listed.isEmpty()) return List.of();
        MountTable mounts = MountTable.read(root.resolve("proc/self/mountinfo"));
        List<BlockDevice> devices = new ArrayList<>();
        for (String name : listed) {
            try {
                devices.add(read(name, mounts));
            } catch (NoSuchFileException gone) {
                // unplugged between listing and reading
            }
        }
        return devices;
    }

    /** The device with exactly this listed name, if sysfs lists it. */
    public Optional<BlockDevice> find(String name) throws IOException {
        if (!names().contains(name)) return Optional.empty();
        try {
            return Optional.of(read(name, MountTable.read(root.resolve("proc/self/mountinfo"))));
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }

    private BlockDevice read(String name, MountTable mounts) throws IOException {
        Path dir = sysBlock.resolve(name);
        Path real = dir.toRealPath();
        Path device = dir.resolve("device");
        Transport transport = Transport.detect(name, real.toString());
        // device/vendor is a SCSI inquiry string; on virtio and others it is a bus id such as 0x1af4
        boolean scsi = transport == Transport.SATA || transport == Transport.SAS
                || transport == Transport.SCSI || transport == Transport.USB;
        String vendor = scsi ? first(device.resolve("vendor")) : null;
        // a loop device's "model" is the file it reads from: what a person knows it by
        String model = first(device.resolve("model"), device.resolve("name"), dir.resolve("loop/backing_file"));
        if (transport == Transport.USB) {
            Path usb = usbDevice(real);
            if (usb != null) {
                if (model == null) model = first(usb.resolve("product"));
                if (vendor == null) vendor = first(usb.resolve("manufacturer"));
            }
        }
        SchedulerLine line = readScheduler(dir);
        long sectors = parseLong(first(dir.resolve("size")));
        return new BlockDevice(
                name,
                model,
                vendor,
                serial(dir, real, transport),
                first(dir.resolve("wwid"), device.resolve("wwid")),
                sectors * 512,
                transport,
                "1".equals(first(dir.resolve("queue/rotational"))),
                "1".equals(first(dir.resolve("removable"))),
                "1".equals(first(dir.resolve("ro"))),
                mountPoints(dir, mounts),
                line.offered(),
                line.active());
    }

    /** The scheduler line of one device directory; {@link SchedulerLine#NONE} when it has none. */
    public static SchedulerLine readScheduler(Path deviceDir) throws IOException {
        Path file = deviceDir.resolve("queue/scheduler");
        if (!Files.exists(file)) {
            if (!Files.exists(deviceDir)) throw new NoSuchFileException(deviceDir.toString());
            return SchedulerLine.NONE;
        }
        return SchedulerLine.parse(Files.readString(file, StandardCharsets.US_ASCII));
    }

    private static String serial(Path dir, Path real, Transport transport) throws IOException {
        if (transport == Transport.USB) {
            Path usb = usbDevice(real);
            if (usb != null) return first(usb.resolve("serial"));
        }
        String plain = first(dir.resolve("serial"), dir.resolve("device/serial"));
        if (plain != null) return plain;
        return vpdSerial(dir.resolve("device/vpd_pg80"));
    }

    /** SCSI unit serial number VPD page: 4 header bytes, then the ASCII serial. */
    private static String vpdSerial(Path page) throws IOException {
        if (!Files.isRegularFile(page)) return null;
        byte[] b;
        try {
            b = Files.readAllBytes(page);
        } catch (IOException unreadable) {
            return null;
        }
        if (b.length < 4) return null;
        int len = Math.min(((b[2] & 0xff) << 8) | (b[3] & 0xff), b.length - 4);
        String s = new String(b, 4, len, StandardCharsets.US_ASCII).trim();
        return s.isEmpty() ? null : s;
    }

    /** The USB device directory above a disk: the nearest ancestor with an idVendor file. */
    private static Path usbDevice(Path real) {
        for (Path p = real; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("idVendor"))) return p;
        }
        return null;
    }

    private static List<String> mountPoints(Path dir, MountTable mounts) throws IOException {
        Set<String> numbers = new HashSet<>();
        Set<String> names = new HashSet<>();
        addIdentity(dir, numbers, names);
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                if (Files.isRegularFile(child.resolve("partition"))) addIdentity(child, numbers, names);
            }
        }
        Set<String> points = new TreeSet<>();
        for (MountTable.Mount m : mounts.mounts()) {
            String src = m.source();
            String base = src.substring(src.lastIndexOf('/') + 1);
            boolean byNumber = numbers.contains(m.majorMinor());
            boolean byName = src.startsWith("/dev/") && names.contains(base);
            if (byNumber || byName) points.add(m.mountPoint());
        }
        return new ArrayList<>(points);
    }

    private static void addIdentity(Path dir, Set<String> numbers, Set<String> names) throws IOException {
        String dev = first(dir.resolve("dev"));
        if (dev != null) numbers.add(dev);
        names.add(dir.getFileName().toString());
        String dmName = first(dir.resolve("dm/name"));
        if (dmName != null) names.add(dmName);
    }

    /** The trimmed content of the first of these files that exists and is not blank, else null. */
    static String first(Path... files) throws IOException {
        for (Path f : files) {
            if (!Files.isRegularFile(f)) continue;
            String s;
            try {
                s = Files.readString(f, StandardCharsets.ISO_8859_1).trim();
            } catch (IOException goneOrRootOnly) {
                continue;
            }
            if (!s.isEmpty()) return s;
        }
        return null;
    }

    private static long parseLong(String s) {
        if (s == null) return 0;
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
