package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;
import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Finds everything else on a machine that sets I/O schedulers, and what each does to the disks
 * present now: udev rules that assign {@code queue/scheduler} (directly or through a program),
 * the distribution's own in {@code /usr/lib/udev/rules.d} and {@code /lib/udev/rules.d} among
 * them, TLP's {@code DISK_IOSCHED}, the {@code [disk]} elevator of the active TuneD profile, and
 * {@code elevator=} on the kernel command line. The root is injectable so tests run on a made-up
 * tree; in production it is {@code /}. Files that cannot be read are passed over: this is advice,
 * not a gate.
 */
public final class OtherSetterScan {
    /** udev's rules directories, highest priority first: a file name in an earlier one hides the same name later. */
    static final List<String> UDEV_DIRS = List.of("etc/udev/rules.d", "run/udev/rules.d", "usr/lib/udev/rules.d", "lib/udev/rules.d");
    private static final List<String> TUNED_DIRS = List.of("etc/tuned", "etc/tuned/profiles", "usr/lib/tuned", "usr/lib/tuned/profiles");
    private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final int MAX_FILE_BYTES = 1 << 20;
    private static final String OWN_NAME = ElevatorRulesFile.RELATIVE_PATH.getFileName().toString();

    private final Path root;

    public OtherSetterScan(Path root) {
        this.root = root;
    }

    public static OtherSetterScan system() {
        return new OtherSetterScan(Path.of("/"));
    }

    /** Every other setter, without what it does to disks. */
    public List<OtherSetter> scan() {
        return scan(List.of());
    }

    /** Every other setter, with what each does to these disks, in the order they run: udev rules by name, TuneD, TLP. */
    public List<OtherSetter> scan(List<BlockDevice> disks) {
        List<OtherSetter> found = new ArrayList<>();
        udevRules(disks, found);
        tuned(disks, found);
        OtherSetter tlp = new TlpSettings(root, this::display, OtherSetterScan::read).overrider(disks);
        if (tlp != null) found.add(tlp);
        kernelCommandLine(found);
        return found;
    }

    private void udevRules(List<BlockDevice> disks, List<OtherSetter> found) {
        TreeMap<String, Path> byName = new TreeMap<>();
        Set<Path> seenDirs = new LinkedHashSet<>();
        for (String dir : UDEV_DIRS) {
            Path d = root.resolve(dir);
            Path real;
            try {
                real = d.toRealPath();
            } catch (IOException missing) {
                continue;
            }
            if (!seenDirs.add(real)) continue; // /lib is often a link to /usr/lib
            try (DirectoryStream<Path> files = Files.newDirectoryStream(d, "*.rules")) {
                for (Path f : files) byName.putIfAbsent(f.getFileName().toString(), f);
            } catch (IOException unreadable) {
                // passed over
            }
        }
        for (var e : byName.entrySet()) {
            Path file = e.getValue();
            if (masked(file)) continue;
            String text = read(file);
            if (text == null) continue;
            boolean ours = e.getKey().equals(OWN_NAME) && text.startsWith(ElevatorRulesFile.MARKER + "\n");
            if (ours) continue;
            boolean after = e.getKey().compareTo(OWN_NAME) > 0;
            String note = Messages.text(after ? "ruleset.udev.after" : "ruleset.udev.before");
            udevLines(display(file), text, note, after, disks, root, found);
        }
    }

    /** A rules file masked by a link to /dev/null, or empty, is not in effect. */
    private static boolean masked(Path file) {
        try {
            if (Files.isSymbolicLink(file) && Files.readSymbolicLink(file).toString().equals("/dev/null")) return true;
            return Files.size(file) == 0;
        } catch (IOException e) {
            return true;
        }
    }

    static void udevLines(String file, String text, String note, boolean after, List<BlockDevice> disks, Path root, List<OtherSetter> found) {
        UdevFileReach rules = UdevFileReach.parse(text);
        for (UdevFileReach.Line line : rules.setters()) {
            found.add(new OtherSetter(OtherSetter.Source.UDEV, file, line.number(), line.text(), line.scheduler(), note,
                    rules.effects(line, disks, root), after));
        }
    }

    private void tuned(List<BlockDevice> disks, List<OtherSetter> found) {
        String active = read(root.resolve("etc/tuned/active_profile"));
        if (active == null) return;
        Set<String> visited = new LinkedHashSet<>();
        for (String profile : active.strip().split("\\s+")) tunedProfile(profile, visited, disks, found);
    }

    private void tunedProfile(String profile, Set<String> visited, List<BlockDevice> disks, List<OtherSetter> found) {
        if (!PROFILE_NAME.matcher(profile).matches() || profile.startsWith(".") || visited.size() > 16 || !visited.add(profile)) return;
        for (String dir : TUNED_DIRS) {
            Path conf = root.resolve(dir).resolve(profile).resolve("tuned.conf");
            String text = read(conf);
            if (text == null) continue;
            String section = "";
            boolean disk = false;
            String devices = null;
            List<String> includes = new ArrayList<>();
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.startsWith("[") && line.endsWith("]")) {
                    section = line.substring(1, line.length() - 1).strip();
                    disk = section.equals("disk") || "disk".equals(sectionValue(lines, i + 1, "type"));
                    devices = sectionValue(lines, i + 1, "devices");
                    continue;
                }
                int eq = line.indexOf('=');
                if (line.startsWith("#") || eq < 0) continue;
                String key = line.substring(0, eq).strip();
                String value = line.substring(eq + 1).strip();
                if (section.equals("main") && key.equals("include")) includes.addAll(List.of(value.split("[,\\s]+")));
                if (disk && key.equals("elevator")) {
                    String scheduler = value.isEmpty() ? null : value;
                    found.add(new OtherSetter(OtherSetter.Source.TUNED, display(conf), i + 1, line, scheduler,
                            Messages.text("ruleset.tuned.note", visited.iterator().next(), section), tunedDisks(devices, scheduler, disks), true));
                }
            }
            for (String include : includes) tunedProfile(include.strip(), visited, disks, found);
            return; // the first directory that has the profile is the one TuneD uses
        }
    }

    /** The value of {@code key} in the section that starts at line {@code from}, or null. */
    private static String sectionValue(String[] lines, int from, String key) {
        for (int i = from; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.startsWith("[")) return null;
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0 && line.substring(0, eq).strip().equals(key)) return line.substring(eq + 1).strip();
        }
        return null;
    }

    /**
     * The disks a TuneD disk section reaches: those its {@code devices} globs name (a {@code !}
     * glob leaves a disk out), else every disk TuneD's disk plugin takes by itself, which leaves
     * out removable disks and those on a bus other than SCSI, virtio or NVMe (MMC, say).
     */
    private static List<DiskEffect> tunedDisks(String devices, String scheduler, List<BlockDevice> disks) {
        List<DiskEffect> effects = new ArrayList<>();
        for (BlockDevice d : disks) {
            if (!d.hasScheduler()) continue;
            boolean reached;
            if (devices == null || devices.isBlank()) {
                reached = !d.removable() && d.transport() != Transport.MMC && d.transport() != Transport.OTHER;
            } else {
                reached = false;
                for (String glob : devices.split("\\s*,\\s*")) {
                    if (glob.startsWith("!") && UdevGlob.matches(glob.substring(1), d.name())) {
                        reached = false;
                        break;
                    }
                    reached |= !glob.startsWith("!") && UdevGlob.matches(glob, d.name());
                }
            }
            if (reached) effects.add(new DiskEffect(d.name(), scheduler, true, null));
        }
        return effects;
    }

    private void kernelCommandLine(List<OtherSetter> found) {
        String cmdline = read(root.resolve("proc/cmdline"));
        if (cmdline == null) return;
        for (String token : cmdline.strip().split("\\s+")) {
            if (token.equals("--")) break; // what follows is for init, not the kernel
            if (token.startsWith("elevator=")) {
                found.add(new OtherSetter(OtherSetter.Source.KERNEL_COMMAND_LINE, "/proc/cmdline", 1, token, token.substring(9),
                        Messages.text("ruleset.kernel.note"), List.of(), false));
            }
        }
    }

    private String display(Path file) {
        return "/" + root.relativize(file).toString().replace('\\', '/');
    }

    static String read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_FILE_BYTES) return null;
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
