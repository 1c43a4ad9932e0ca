package io.github.elevator.device;

import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** What the kernel itself would give this device (read under the same root); null without a scheduler. */
    public KernelDefaults kernelDefaults(BlockDevice device) {
        return KernelDefaults.of(device, root);
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

    /**
     * Every whole block device, in natural order of names. Devices that vanish while being read are left out.
     * The hidden per-path devices of NVMe multipath namespaces are not listed as disks: each is in
     * the {@code paths} of its namespace.
     */
    public List<BlockDevice> scan() throws IOException {
        List<String> names = names();
        Context context = context(names);
        Map<String, List<BlockDevice>> pathsByHead = new HashMap<>();
        List<String> visible = new ArrayList<>();
        for (String name : names) {
            String head = nvmeHead(name);
            if (head != null && names.contains(head)) {
                try {
                    pathsByHead.computeIfAbsent(head, h -> new ArrayList<>()).add(read(name, context, List.of()));
                } catch (NoSuchFileException gone) {
                    // unplugged between listing and reading
                }
            } else {
                visible.add(name);
            }
        }
        List<BlockDevice> devices = new ArrayList<>();
        for (String name : visible) {
            try {
                devices.add(read(name, context, pathsByHead.getOrDefault(name, List.of())));
            } catch (NoSuchFileException gone) {
                // unplugged between listing and reading
            }
        }
        return devices;
    }

    /**
     * As {@link #scan()}, without the loop devices that have no file attached
     * ({@link BlockDevice#isDetachedLoop()}), of which only the size is read: a machine may list
     * hundreds of them, which the window does not show, and reading each whole took a fifth of a
     * second of its start on such a machine.
     */
    public List<BlockDevice> scanAttached() throws IOException {
        List<String> attached = new ArrayList<>();
        for (String name : names()) {
            boolean detachedLoop = Transport.detect(name, "") == Transport.LOOP && parseLong(first(sysBlock.resolve(name).resolve("size"))) == 0;
            if (!detachedLoop) attached.add(name);
        }
        return scan(attached);
    }

    /**
     * As {@link #scan()}, without any loop device, none of which is read: what the window's first
     * frame shows (its disks) at a quarter less CPU time than {@link #scanAttached()} on a machine
     * that lists two hundred loop devices.
     */
    public List<BlockDevice> scanWithoutLoops() throws IOException {
        return scan(names().stream().filter(name -> Transport.detect(name, "") != Transport.LOOP).toList());
    }

    /**
     * The devices among {@code wanted} that sysfs lists, in natural order; names are compared with
     * the listed names, never used as paths as they come.
     */
    public List<BlockDevice> scan(java.util.Collection<String> wanted) throws IOException {
        List<String> names = names();
        Set<String> want = new HashSet<>(wanted);
        List<String> listed = names.stream().filter(want::contains).toList();
        if (listed.isEmpty()) return List.of();
        Context context = context(names);
        List<BlockDevice> devices = new ArrayList<>();
        for (String name : listed) {
            String head = nvmeHead(name);
            if (head != null && names.contains(head)) continue; // a hidden path: it belongs to its namespace
            try {
                List<BlockDevice> paths = new ArrayList<>();
                for (String path : names) if (name.equals(nvmeHead(path))) paths.add(read(path, context, List.of()));
                devices.add(read(name, context, paths));
            } catch (NoSuchFileException gone) {
                // unplugged between listing and reading
            }
        }
        return devices;
    }

    /** The device with exactly this listed name, if sysfs lists it (a hidden NVMe path device too). */
    /**
     * Why {@code name} is no disk that has a scheduler, in a sentence: a partition says whose it is
     * (the scheduler belongs to the whole disk), any other name that there is no such device.
     */
    public String notADisk(String name) {
        if (name.matches("[A-Za-z0-9_:+!-][A-Za-z0-9._:+!-]{0,63}")) {
            try {
                for (String disk : names()) {
                    if (Files.exists(sysBlock.resolve(disk).resolve(name).resolve("partition"))) return Messages.text("app.devices.partition", name, disk);
                }
            } catch (IOException unreadable) {
                // no list: no partition to name
            }
        }
        return Messages.text("app.devices.unknown", Printable.quoted(name));
    }

    public Optional<BlockDevice> find(String name) throws IOException {
        List<String> names = names();
        if (!names.contains(name)) return Optional.empty();
        try {
            List<BlockDevice> paths = new ArrayList<>();
            Context context = context(names);
            for (String other : names) {
                if (name.equals(nvmeHead(other))) paths.add(read(other, context, List.of()));
            }
            return Optional.of(read(name, context, paths));
        } catch (NoSuchFileException gone) {
            return Optional.empty();
        }
    }

    /**
     * The namespace of a hidden NVMe multipath path device: {@code nvme0c1n2} (subsystem 0,
     * controller 1, namespace 2) belongs to {@code nvme0n2}. Null for every other name.
     */
    public static String nvmeHead(String name) {
        Matcher m = NVME_PATH.matcher(name);
        return m.matches() ? "nvme" + m.group(1) + "n" + m.group(2) : null;
    }

    private static final Pattern NVME_PATH = Pattern.compile("nvme(\\d+)c\\d+n(\\d+)");

    /** What every device of one scan shares: the mount table, the kernel's version, the stacks. */
    private record Context(MountTable mounts, KernelRelease kernel, Stacks stacks) {
    }

    private Context context(List<String> names) throws IOException {
        MountTable mounts = MountTable.read(root.resolve("proc/self/mountinfo"));
        return new Context(mounts, KernelRelease.read(root), new Stacks(sysBlock, names, mounts));
    }

    private BlockDevice read(String name, Context context, List<BlockDevice> paths) throws IOException {
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
        SchedulerLine line = SchedulerLine.read(dir);
        String zoned = first(dir.resolve("queue/zoned"));
        ZonedGuard.Offer offer = ZonedGuard.offer(line, zoned, context.kernel());
        long sectors = parseLong(first(dir.resolve("size")));
        List<String> restsOn = paths.isEmpty() ? context.stacks().restsOn(name) : paths.stream().map(BlockDevice::name).toList();
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
                mountPoints(dir, context.mounts()),
                offer.schedulers(),
                line.active(),
                offer.note(),
                zoned,
                hardwareQueues(dir),
                Tunables.read(dir),
                context.stacks().tree(name),
                restsOn,
                paths);
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
        List<Path> dirs = new ArrayList<>();
        dirs.add(dir);
        dirs.addAll(Stacks.partitions(dir));
        return pointsOf(dirs, mounts);
    }

    /** The mount points of these device directories (a disk, a partition), matched by major:minor or /dev name. */
    static List<String> pointsOf(List<Path> dirs, MountTable mounts) throws IOException {
        Set<String> numbers = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Path d : dirs) addIdentity(d, numbers, names);
        Set<String> points = new TreeSet<>();
        for (MountTable.Mount m : mounts.mounts()) {
            String src = m.source();
            String base = src.substring(src.lastIndexOf('/') + 1);
            boolean byNumber = numbers.contains(m.majorMinor());
            // Only by number: a FUSE mount's source is whatever its user wrote (-o fsname=/dev/sdb). Btrfs alone
            // shows an anonymous number, and only root can mount it, so its source names the device.
            boolean byName = m.type().equals("btrfs") && src.startsWith("/dev/") && names.contains(base);
            if (byNumber || byName) points.add(m.mountPoint());
        }
        return new ArrayList<>(points);
    }

    /** The number of hardware queues: the numbered directories in {@code mq/}; 0 for bio-based devices. */
    static int hardwareQueues(Path dir) throws IOException {
        Path mq = dir.resolve("mq");
        if (!Files.isDirectory(mq)) return 0;
        int n = 0;
        try (DirectoryStream<Path> queues = Files.newDirectoryStream(mq)) {
            for (Path q : queues) {
                if (q.getFileName().toString().chars().allMatch(Character::isDigit)) n++;
            }
        }
        return n;
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
