package io.github.elevator.device;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads storage stacks from sysfs: upwards through {@code holders/} (what sits on a disk, up to
 * the mount points) and downwards through {@code slaves/} (the disks under a dm or md device,
 * whose schedulers are the ones that matter). Only names the kernel lists in {@code sys/block}
 * are followed, and every walk is bounded, because holders and slaves link to each other.
 */
final class Stacks {
    /** Deeper than any real stack (disk, partition, md, crypt, LVM, thin pool, ...). */
    private static final int MAX_DEPTH = 16;

    private final Path sysBlock;
    private final Set<String> listed;
    private final MountTable mounts;

    Stacks(Path sysBlock, List<String> listed, MountTable mounts) {
        this.sysBlock = sysBlock;
        this.listed = Set.copyOf(listed);
        this.mounts = mounts;
    }

    /** The tree of what sits on the listed device {@code name}. */
    StackNode tree(String name) throws IOException {
        return node(name, new HashSet<>(), 0);
    }

    private StackNode node(String name, Set<String> seen, int depth) throws IOException {
        Path dir = sysBlock.resolve(name);
        seen.add(name);
        StackNode.Layer layer = StackNode.Layer.DISK;
        String label = null;
        if (Files.isDirectory(dir.resolve("dm"))) {
            label = BlockDeviceScanner.first(dir.resolve("dm/name"));
            layer = StackNode.Layer.ofDmUuid(BlockDeviceScanner.first(dir.resolve("dm/uuid")));
        } else if (Files.isDirectory(dir.resolve("md"))) {
            label = BlockDeviceScanner.first(dir.resolve("md/level"));
            layer = StackNode.Layer.MD;
        }
        List<StackNode> above = new ArrayList<>();
        for (Path part : partitions(dir)) {
            String partName = part.getFileName().toString();
            above.add(new StackNode(partName, StackNode.Layer.PARTITION, null,
                    BlockDeviceScanner.pointsOf(List.of(part), mounts), holders(part, seen, depth)));
        }
        above.addAll(holders(dir, seen, depth));
        return new StackNode(name, layer, label, BlockDeviceScanner.pointsOf(List.of(dir), mounts), above);
    }

    private List<StackNode> holders(Path dir, Set<String> seen, int depth) throws IOException {
        List<StackNode> nodes = new ArrayList<>();
        if (depth >= MAX_DEPTH) return nodes;
        for (String holder : entries(dir.resolve("holders"))) {
            if (listed.contains(holder) && !seen.contains(holder)) nodes.add(node(holder, seen, depth + 1));
        }
        return nodes;
    }

    /**
     * The whole devices at the bottom of the listed device {@code name}: the disks under a dm or
     * md device (a partition counts as its disk), through any number of layers. Empty for a
     * device that rests on nothing else.
     */
    List<String> restsOn(String name) throws IOException {
        Set<String> disks = new LinkedHashSet<>();
        down(name, disks, new HashSet<>(), 0);
        disks.remove(name);
        return new ArrayList<>(disks);
    }

    private void down(String name, Set<String> disks, Set<String> seen, int depth) throws IOException {
        if (!seen.add(name) || depth > MAX_DEPTH) return;
        Path dir = sysBlock.resolve(name);
        List<String> slaves = entries(dir.resolve("slaves"));
        if (slaves.isEmpty()) {
            disks.add(name);
            return;
        }
        for (String slave : slaves) {
            String disk = wholeDeviceOf(dir.resolve("slaves").resolve(slave), slave);
            if (disk != null && listed.contains(disk)) down(disk, disks, seen, depth + 1);
        }
    }

    /** The listed whole device of a slaves/ entry: the entry itself, or the disk a partition belongs to. */
    private static String wholeDeviceOf(Path link, String entry) throws IOException {
        Path target;
        try {
            target = link.toRealPath();
        } catch (NoSuchFileException dangling) {
            return null;
        }
        if (Files.isRegularFile(target.resolve("partition"))) return target.getParent().getFileName().toString();
        return entry;
    }

    /** The partitions of a device directory (subdirectories with a {@code partition} file), by number. */
    static List<Path> partitions(Path dir) throws IOException {
        List<Path> parts = new ArrayList<>();
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS) && Files.isRegularFile(child.resolve("partition"))) {
                    parts.add(child);
                }
            }
        }
        parts.sort(Comparator.comparingLong(Stacks::partitionNumber).thenComparing(p -> p.getFileName().toString()));
        return parts;
    }

    private static long partitionNumber(Path part) {
        Long n = Tunables.number(part.resolve("partition"));
        return n == null ? Long.MAX_VALUE : n;
    }

    /** The names in a holders/ or slaves/ directory, sorted; empty when there is none. */
    private static List<String> entries(Path dir) throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return names;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path e : entries) names.add(e.getFileName().toString());
        } catch (NoSuchFileException gone) {
            return List.of();
        }
        names.sort(null);
        return names;
    }
}
