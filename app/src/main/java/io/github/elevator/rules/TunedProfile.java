package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.Transport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Elevator's rules as a TuneD profile ({@code elevator rules export --tuned NAME}, "Export for
 * TuneD…"), for machines where TuneD sets the disks' schedulers: the profile includes the one the
 * machine runs now and adds one {@code type=disk} unit per rule, most specific first, each with
 * {@code elevator=} and {@code readahead=} for the disks the rule matches. What TuneD's disk plugin
 * has no option for (nr_requests, a variant's own settings such as bfq's {@code low_latency}) goes
 * into one {@code type=sysfs} unit, for the disks present now.
 *
 * <p>How TuneD reads it (its profiles loader and units manager, TuneD 2.20): units are created in
 * order of their {@code priority} (default 0) and each takes the free disks it matches, so the
 * rules' units come before the included profile's {@code [disk]} with negative priorities, and a
 * disk gets the first rule that matches it, as with the udev rules. A unit matches by
 * {@code devices=} (globs on kernel names) or {@code devices_udev_regex=} (a regular expression
 * searched in the disk's udev properties, one {@code KEY=VALUE} a line). TuneD's disk plugin
 * never tunes removable disks, nor disks on a bus other than SCSI, virtio, Xen or NVMe (MMC):
 * rules for those stay with the udev rules, and the profile says so.
 *
 * <p>The file's comments are English, like those of the udev rules file: it is configuration.
 */
public final class TunedProfile {
    /** The profile name when none is given. */
    public static final String DEFAULT_NAME = "elevator";
    /** TuneD's own default profile (tuned/consts.py), included when the machine names none. */
    public static final String TUNED_DEFAULT = "balanced";
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    /** The first rule's unit priority; the others follow it, the sysfs unit last. All before TuneD's default of 0. */
    static final int FIRST_PRIORITY = -1000;

    private TunedProfile() {
    }

    /**
     * The profiles the exported one includes: the machine's own, else TuneD's default. When the
     * machine already runs the profile being written (an earlier export), what that one included.
     */
    public static List<String> includes(Path root, String name) {
        List<String> active = TunedMachine.read(root).active();
        List<String> includes = new ArrayList<>();
        for (String profile : active) {
            if (!profile.equals(name)) {
                includes.add(profile);
                continue;
            }
            String earlier = OtherSetterScan.read(root.resolve("etc/tuned").resolve(name).resolve("tuned.conf"));
            for (String line : earlier == null ? new String[0] : earlier.split("\n")) {
                if (!line.startsWith("include=")) continue;
                for (String included : line.substring(8).split("\\s*[,;]\\s*")) {
                    if (NAME.matcher(included.strip()).matches() && !included.strip().equals(name)) includes.add(included.strip());
                }
            }
        }
        return includes.isEmpty() ? List.of(TUNED_DEFAULT) : List.copyOf(includes);
    }

    /** What one rule becomes: the disks TuneD gives it here now, or why it has no unit. */
    public record Unit(Rule rule, String section, String matchKey, String matchValue, List<String> disksNow, String skipped) {
    }

    /** The units of the rules, in their order, for the disks present now. */
    public static List<Unit> units(RuleSet rules, List<BlockDevice> devices) {
        List<Unit> units = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (Rule r : rules.rules()) {
            Match m = r.match();
            String section = "elevator-" + m.text().replace(':', '-');
            if (m.type() == Match.Type.KIND && (m.kind() == Kind.REMOVABLE || m.kind() == Kind.MMC)) {
                units.add(new Unit(r, section, null, null, List.of(), m.kind() == Kind.REMOVABLE
                        ? "TuneD's disk plugin never tunes removable disks" // untranslated: the profile is configuration, commented in English as the udev rules file is
                        : "TuneD's disk plugin does not tune MMC and SD cards (only disks on SCSI, virtio, Xen or NVMe)")); // untranslated: the profile is configuration, commented in English as the udev rules file is
                continue;
            }
            List<BlockDevice> now = devices.stream().filter(d -> d.hasScheduler() && tunedTakes(d) && !taken.contains(d.name()) && m.matches(d)).toList();
            String key;
            String value;
            switch (m.type()) {
                case WWN -> {
                    key = "devices_udev_regex";
                    value = wwnRegex(List.of(m.id()));
                }
                case SERIAL -> {
                    key = "devices_udev_regex";
                    value = "^ID_SERIAL(_SHORT)?=" + escape(m.id()) + "$";
                }
                default -> {
                    switch (m.kind()) {
                        case USB -> {
                            key = "devices_udev_regex";
                            value = "^DEVPATH=.*/usb[0-9]+/";
                        }
                        case VIRTIO -> {
                            key = "devices_udev_regex";
                            value = "^DEVPATH=.*/virtio[0-9]+/";
                        }
                        case NVME -> {
                            key = "devices";
                            value = "nvme*";
                        }
                        case LOOP -> {
                            key = "devices";
                            value = "loop*";
                        }
                        default -> {
                            // ssd and hdd: TuneD cannot tell a spinning disk from an SSD, so the unit names this machine's
                            // disks, those the rule applies to (they offer its scheduler; a zoned disk only mq-deadline)
                            now = now.stream().filter(d -> r.equals(rules.applying(d))).toList();
                            if (now.isEmpty()) {
                                units.add(new Unit(r, section, null, null, List.of(), "no " + m.kind().id()
                                        + " disk here now that takes its scheduler, and TuneD cannot tell SSDs from spinning disks by itself")); // untranslated: the profile is configuration, commented in English as the udev rules file is
                                continue;
                            }
                            List<String> wwns = now.stream().map(d -> Match.identity(d)).filter(i -> i != null && i.type() == Match.Type.WWN)
                                    .map(Match::id).toList();
                            if (wwns.size() == now.size()) {
                                key = "devices_udev_regex";
                                value = wwnRegex(wwns);
                            } else {
                                key = "devices";
                                value = String.join(",", now.stream().map(BlockDevice::name).toList());
                            }
                        }
                    }
                }
            }
            now.forEach(d -> taken.add(d.name()));
            units.add(new Unit(r, section, key, value, now.stream().map(BlockDevice::name).toList(), null));
        }
        return List.copyOf(units);
    }

    /** The udev property TuneD sees for a WWN: ID_WWN_WITH_EXTENSION 0x... for a naa. one (sysfs wwid), ID_WWN as it is otherwise. */
    static String wwnRegex(List<String> wwns) {
        List<String> alternatives = new ArrayList<>();
        for (String wwn : wwns) {
            String lower = wwn.toLowerCase(java.util.Locale.ROOT);
            alternatives.add(lower.startsWith("naa.") ? "0x" + escape(lower.substring(4)) : escape(lower));
        }
        return "(?i)^ID_WWN(_WITH_EXTENSION)?=(" + String.join("|", alternatives) + ")$";
    }

    private static String escape(String id) {
        // identifiers are letters, digits, '.', '_' and '-' (Match): only '.' means something in a regex
        return id.replace(".", "\\.");
    }

    /** As TuneD's disk plugin decides (plugin_disk._device_is_supported): not removable, on SCSI, virtio, Xen or NVMe, or on no bus. */
    public static boolean tunedTakes(BlockDevice d) {
        return !d.removable() && d.transport() != Transport.MMC && d.transport() != Transport.OTHER;
    }

    /** The whole profile: {@code name} is the one it will be saved as, {@code includes} what it builds on. */
    public static String render(String name, List<String> includes, RuleSet rules, List<BlockDevice> devices) {
        if (!NAME.matcher(name).matches()) throw new IllegalArgumentException("not a TuneD profile name"); // untranslated: callers check first
        StringBuilder s = new StringBuilder();
        s.append("# Written by Elevator (io.github.elevator.Elevator): its I/O scheduler rules as a TuneD profile,\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# on top of the profile this machine ran when it was written.\n#\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# To use it, as root: save this file as /etc/tuned/").append(name).append("/tuned.conf and run\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# 'tuned-adm profile ").append(name).append("'. TuneD then sets the schedulers itself, and Elevator's\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# udev rules (").append(ElevatorRulesFile.PATH).append(") are no longer needed for the disks below.\n#\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# One unit per rule, most specific first (the lowest priority is created first and takes its\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# disks before the included profile's [disk]). The disks named are those present when this was\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("# written; a unit that matches by udev property or kernel name also takes disks added later.\n\n"); // untranslated: the profile is configuration, commented in English as the udev rules file is
        s.append("[main]\n")
                .append("summary=Elevator's I/O scheduler rules on top of ").append(String.join(", ", includes)).append('\n') // untranslated: the profile is configuration, commented in English as the udev rules file is
                .append("include=").append(String.join(",", includes)).append("\n");
        List<Unit> units = units(rules, devices);
        Map<String, List<String>> sysfs = new LinkedHashMap<>();
        int priority = FIRST_PRIORITY;
        for (Unit u : units) {
            Rule r = u.rule();
            s.append("\n# ").append(r.match().text()).append(": ").append(r.variant())
                    .append(r.readAheadKb() == null ? "" : ", read_ahead_kb " + r.readAheadKb())
                    .append(r.nrRequests() == null ? "" : ", nr_requests " + r.nrRequests()).append('\n');
            if (u.skipped() != null) {
                s.append("# not here: ").append(u.skipped()).append("; Elevator's udev rules keep this one.\n"); // untranslated: the profile is configuration, commented in English as the udev rules file is
                continue;
            }
            s.append("# disks here now: ").append(u.disksNow().isEmpty() ? "none" : String.join(", ", u.disksNow())).append('\n'); // untranslated: the profile is configuration, commented in English as the udev rules file is
            s.append('[').append(u.section()).append("]\n")
                    .append("type=disk\n")
                    .append("priority=").append(priority++).append('\n')
                    .append(u.matchKey()).append('=').append(u.matchValue()).append('\n')
                    .append("elevator=").append(r.scheduler()).append('\n');
            if (r.readAheadKb() != null) s.append("readahead=").append(r.readAheadKb()).append('\n');
            for (String disk : u.disksNow()) {
                List<String> lines = new ArrayList<>();
                if (r.nrRequests() != null) lines.add("/sys/block/" + disk + "/queue/nr_requests=" + r.nrRequests());
                r.schedulerSettings().forEach((k, v) -> lines.add("/sys/block/" + disk + "/queue/iosched/" + k + "=" + v));
                if (!lines.isEmpty()) sysfs.put(disk, lines);
            }
        }
        if (!sysfs.isEmpty()) {
            s.append("\n# What TuneD's disk plugin has no option for: nr_requests and the schedulers' own settings,\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                    .append("# for the disks present now, after their units have set the scheduler.\n") // untranslated: the profile is configuration, commented in English as the udev rules file is
                    .append("[elevator-settings]\n")
                    .append("type=sysfs\n")
                    .append("priority=").append(priority).append('\n');
            sysfs.values().forEach(lines -> lines.forEach(l -> s.append(l).append('\n')));
        }
        return s.toString();
    }
}
