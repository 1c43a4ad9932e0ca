package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TLP's scheduler setting: {@code DISK_IOSCHED}, one entry per entry of {@code DISK_DEVICES}
 * (a kernel name or a {@code /dev/disk/by-id} name), {@code keep} or {@code _} leaving that disk
 * alone, like a missing entry. Read as TLP reads its configuration: its intrinsic defaults, then
 * {@code /etc/tlp.d/*.conf} by name, then {@code /etc/tlp.conf} (before TLP 1.3,
 * {@code /etc/default/tlp}); the last assignment wins, {@code PARAM+="…"} appends.
 */
final class TlpSettings {
    private static final Pattern ASSIGNMENT = Pattern.compile("([A-Z_][A-Z0-9_]*)(\\+?)=(.*)");
    private static final Pattern DISK_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:+-]{0,254}");
    private static final Pattern PARTITION = Pattern.compile("-part[1-9][0-9]*$");
    private static final Set<String> KEEP = Set.of("keep", "_");
    private static final List<String> PROGRAMS = List.of("usr/sbin/tlp", "usr/bin/tlp", "sbin/tlp");
    static final String DEFAULT_DEVICES = "nvme0n1 sda"; // untranslated: TLP's own value

    /** A parameter's value and where it was last set. */
    record Setting(String value, String file, int line) {
        String where() {
            return file + ":" + line;
        }
    }

    private final Path root;
    private final Function<Path, String> display;
    private final Function<Path, String> read;

    TlpSettings(Path root, Function<Path, String> display, Function<Path, String> read) {
        this.root = root;
        this.display = display;
        this.read = read;
    }

    /** The files in the order TLP reads them. */
    List<Path> files() {
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("usr/share/tlp/defaults.conf"));
        TreeMap<String, Path> dropIns = new TreeMap<>();
        try (DirectoryStream<Path> d = Files.newDirectoryStream(root.resolve("etc/tlp.d"), "*.conf")) {
            for (Path f : d) dropIns.put(f.getFileName().toString(), f);
        } catch (IOException missing) {
            // no drop-ins
        }
        files.addAll(dropIns.values());
        Path main = root.resolve("etc/tlp.conf");
        files.add(Files.exists(main) ? main : root.resolve("etc/default/tlp"));
        return files;
    }

    Map<String, Setting> read() {
        Map<String, Setting> settings = new HashMap<>();
        for (Path file : files()) {
            String text = read.apply(file);
            if (text == null) continue;
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher m = ASSIGNMENT.matcher(lines[i].strip());
                if (!m.matches()) continue;
                String value = value(m.group(3));
                Setting before = settings.get(m.group(1));
                if (!m.group(2).isEmpty() && before != null && !before.value().isEmpty()) value = before.value() + " " + value;
                settings.put(m.group(1), new Setting(value.strip(), display.apply(file), i + 1));
            }
        }
        return settings;
    }

    /** {@code "a b"} up to its closing quote, else the word up to a blank or a comment. */
    private static String value(String raw) {
        if (raw.startsWith("\"")) {
            int end = raw.indexOf('"', 1);
            return end < 0 ? raw.substring(1) : raw.substring(1, end);
        }
        Matcher word = Pattern.compile("[^\\s#]*").matcher(raw);
        return word.lookingAt() ? word.group() : "";
    }

    /** TLP as a setter of schedulers, or null when it is not installed, is disabled, or keeps every disk. */
    OtherSetter overrider(List<BlockDevice> disks) {
        if (PROGRAMS.stream().noneMatch(p -> Files.isRegularFile(root.resolve(p)))) return null;
        Map<String, Setting> settings = read();
        Setting enable = settings.get("TLP_ENABLE");
        if (enable != null && enable.value().equals("0")) return null;
        Setting iosched = settings.get("DISK_IOSCHED");
        if (iosched == null) return null;
        Setting devices = settings.get("DISK_DEVICES");
        String[] names = split(devices == null ? DEFAULT_DEVICES : devices.value());
        String[] schedulers = split(iosched.value());
        List<DiskEffect> effects = new ArrayList<>();
        List<String> entries = new ArrayList<>();
        Set<String> named = new LinkedHashSet<>();
        for (int i = 0; i < names.length; i++) {
            String scheduler = i < schedulers.length ? schedulers[i] : "keep";
            String name = names[i];
            if (KEEP.contains(scheduler)) {
                entries.add(Messages.text("ruleset.tlp.keep", name));
                continue;
            }
            named.add(scheduler);
            String kernelName = kernelName(name);
            BlockDevice disk = kernelName == null ? null
                    : disks.stream().filter(d -> d.name().equals(kernelName) && d.hasScheduler()).findFirst().orElse(null);
            if (disk == null) {
                entries.add(Messages.text("ruleset.tlp.absent", name, scheduler));
            } else {
                String via = kernelName.equals(name) ? null : name;
                effects.add(new DiskEffect(disk.name(), scheduler, true, via));
                entries.add((via == null ? name : name + " = " + disk.name()) + " " + scheduler);
            }
        }
        if (named.isEmpty()) return null;
        String where = devices == null ? Messages.text("ruleset.tlp.default-devices", DEFAULT_DEVICES)
                : Messages.text("ruleset.tlp.devices-at", devices.value(), devices.where());
        String note = Messages.text("ruleset.tlp.note", where, String.join(", ", entries));
        return new OtherSetter(OtherSetter.Source.TLP, iosched.file(), iosched.line(), "DISK_IOSCHED=\"" + iosched.value() + "\"",
                named.size() == 1 ? named.iterator().next() : null, note, effects, true);
    }

    /** The kernel name of a DISK_DEVICES entry: a by-id name through its link (a partition's id names its disk), else itself. */
    private String kernelName(String entry) {
        if (!DISK_NAME.matcher(entry).matches()) return null;
        Path byId = root.resolve("dev/disk/by-id").resolve(entry);
        if (!Files.isSymbolicLink(byId)) return entry;
        try {
            Path target = Files.readSymbolicLink(root.resolve("dev/disk/by-id").resolve(PARTITION.matcher(entry).replaceFirst("")));
            return target.getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    private static String[] split(String value) {
        String s = value.strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }
}
