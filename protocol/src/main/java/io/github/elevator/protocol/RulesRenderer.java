package io.github.elevator.protocol;

import java.util.*;

/**
 * The rules description the app hands the root helper, and the udev file made from it: one reader and
 * one renderer, so the app's preview is the file root writes. Every field passes a closed list or a
 * range, so the file holds no character a caller chose beyond letters, digits, '.', '_', '-' and '='.
 * <pre>
 * elevator-rules 1
 * rule wwn:naa.5002538f42a1b3c9 none read_ahead_kb=128 nr_requests=64
 * rule hdd bfq low_latency=0 slice_idle=0
 * end
 * </pre>
 * Printable ASCII and line feeds only, single spaces, the scheduler's own settings before the
 * queue's, at most {@link #MAX_RULES} rules and {@link #MAX_BYTES} bytes; anything else is refused.
 */
public final class RulesRenderer {
    public static final String PATH = "/etc/udev/rules.d/60-elevator.rules";
    /** The first line of every file Elevator writes, and the only proof that a file is Elevator's. */
    public static final String MARKER = "# Written by Elevator (io.github.elevator.Elevator). This file is Elevator's own.";
    public static final String FIRST_LINE = "elevator-rules 1";
    public static final int MAX_BYTES = 16 * 1024;
    public static final int MAX_RULES = 64;
    /** The one scheduler a rule may give a host-managed zoned disk (see {@code device.ZonedGuard}). */
    public static final String ZONED_SAFE = "mq-deadline";
    /** Kinds in order of precedence: id and the udev keys that recognise them (never {@code rotational} alone). */
    public static final List<List<String>> KINDS = List.of(
            List.of("removable", "ATTR{removable}==\"1\""),
            List.of("usb", "SUBSYSTEMS==\"usb\""),
            List.of("mmc", "KERNEL==\"mmcblk*\""),
            List.of("nvme", "KERNEL==\"nvme*\""),
            List.of("ssd", "KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"0\""),
            List.of("hdd", "KERNELS==\"ata[0-9]*|end_device-*\", ATTR{queue/rotational}==\"1\""),
            List.of("virtio", "SUBSYSTEMS==\"virtio\""),
            List.of("loop", "KERNEL==\"loop*\""));
    private static final String ID = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
    private static final String HEADER = MARKER + "\n#\n"
            + "# udev rules that keep the I/O scheduler of whole disks across unplugging\n"
            + "# and reboots. Change them in Elevator's Rules window, or with\n"
            + "# 'elevator rules set' and 'elevator rules remove': edits made here by hand\n"
            + "# are replaced the next time Elevator saves its rules.\n#\n"
            + "# To remove every rule: 'elevator rules remove --all', or as root delete\n"
            + "# this file and run 'udevadm control --reload'. Disks keep their scheduler\n"
            + "# until they are next added or the machine restarts.\n#\n"
            + "# A rule applies to whole disks (not partitions) when they are added or\n"
            + "# change, and only when the kernel offers its scheduler for the disk.\n"
            + "# Host-managed zoned disks only ever get mq-deadline from a rule: before\n"
            + "# Linux 6.10 their writes can fail under any other scheduler.\n"
            + "# The most specific rule comes first and wins: one disk by WWN, one disk by\n"
            + "# serial number, then removable, usb, mmc, nvme, ssd, hdd, virtio, loop.\n";

    private RulesRenderer() {
    }

    /** One rule: {@code match} is a kind's id, {@code wwn:ID} or {@code serial:ID}, and is checked like every other field. */
    public record Entry(String match, SchedulerVariant variant, Integer readAheadKb, Integer nrRequests) {
        public Entry {
            if (kind(match) < 0 && !match.matches("(wwn|serial):" + ID)) {
                throw new IllegalArgumentException("Unknown match " + Printable.quoted(match) + ": a rule applies to one of the kinds "
                        + String.join(", ", KINDS.stream().map(k -> k.get(0)).toList()) + ", or to one disk as wwn:ID or serial:ID"
                        + " (1 to 128 letters, digits, '.', '_' or '-').");
            }
            // the queue's own ranges, as tune has them
            for (String name : List.of("read_ahead_kb", "nr_requests")) {
                Integer value = name.equals("read_ahead_kb") ? readAheadKb : nrRequests;
                TunableLimits.Limit limit = TunableLimits.QUEUE.get(name);
                if (value != null && !limit.allows(value)) {
                    throw new IllegalArgumentException(name + " must be between " + limit.min() + " and " + limit.max() + ", not " + value + ".");
                }
            }
        }

        /** Most specific first: one disk by WWN, by serial, then the kinds in order; ties by id. */
        private String precedence() {
            int k = kind(match);
            return (match.startsWith("wwn:") ? "0" : match.startsWith("serial:") ? "1" : "2" + k) + " " + (k >= 0 ? "" : match);
        }
    }

    /** The position of a kind's id in {@link #KINDS}, or -1. */
    public static int kind(String id) {
        for (int k = 0; k < KINDS.size(); k++) if (KINDS.get(k).get(0).equals(id)) return k;
        return -1;
    }

    /** Most specific first: WWN, serial, then the kinds in order; ties by id. Refuses two rules for one match. */
    public static List<Entry> ordered(Collection<Entry> entries) {
        if (entries.size() > MAX_RULES) throw new IllegalArgumentException("At most " + MAX_RULES + " rules, not " + entries.size() + ".");
        TreeMap<String, Entry> sorted = new TreeMap<>();
        for (Entry e : entries) sorted.put(e.precedence(), e);
        if (sorted.size() != entries.size()) throw new IllegalArgumentException("Two rules for the same disks: each match may have one rule.");
        return List.copyOf(sorted.values());
    }

    /** The rule's line of the description, "rule usb bfq low_latency=0 read_ahead_kb=128": its comment in the file too. */
    public static String line(Entry e) {
        return "rule " + e.match() + " " + e.variant().text() + (e.readAheadKb() == null ? "" : " read_ahead_kb=" + e.readAheadKb())
                + (e.nrRequests() == null ? "" : " nr_requests=" + e.nrRequests());
    }

    /** Reads and checks a description; a refusal says what is wrong, naming the line. */
    public static List<Entry> decode(String text) {
        if (text.length() > MAX_BYTES) throw new IllegalArgumentException("The rules description is longer than " + MAX_BYTES + " bytes.");
        if (!text.chars().allMatch(c -> c == '\n' || (c >= 0x20 && c <= 0x7e))) {
            throw new IllegalArgumentException("The rules description may hold only printable ASCII and line feeds.");
        }
        String[] lines = text.split("\n", -1);
        if (lines.length < 3 || !lines[0].equals(FIRST_LINE)) throw new IllegalArgumentException("The rules description must start with '" + FIRST_LINE + "'.");
        if (!lines[lines.length - 1].isEmpty() || !lines[lines.length - 2].equals("end")) {
            throw new IllegalArgumentException("The rules description must end with a line 'end' (was it cut short?).");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 1; i < lines.length - 2; i++) {
            try {
                entries.add(entry(lines[i]));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Line " + (i + 1) + " of the rules description: " + e.getMessage(), e);
            }
        }
        return ordered(entries);
    }

    private static Entry entry(String line) {
        String[] f = line.split(" ", -1);
        if (f.length < 3 || f.length > 5 + SchedulerVariant.MAX_SETTINGS || !f[0].equals("rule")) {
            throw new IllegalArgumentException("expected 'rule MATCH SCHEDULER [NAME=N]... [read_ahead_kb=N] [nr_requests=N]'.");
        }
        if (!SchedulerLine.isPlainName(f[2])) {
            throw new IllegalArgumentException("Unknown scheduler " + Printable.quoted(f[2]) + ": a scheduler is a kernel name"
                    + " such as none, mq-deadline, kyber, bfq.");
        }
        int i = 3;
        while (i < f.length && !f[i].startsWith("read_ahead_kb=") && !f[i].startsWith("nr_requests=")) i++;
        String variant = String.join(" ", Arrays.copyOfRange(f, 2, i));
        SchedulerVariant v = SchedulerVariant.canonical(variant).orElseThrow(() -> new IllegalArgumentException(Printable.quoted(variant)
                + " is not a scheduler with settings of its own that Elevator knows, each once as NAME=N in its range."));
        Integer readAhead = i < f.length && f[i].startsWith("read_ahead_kb=") ? number(f[i++].substring(14), "read_ahead_kb") : null;
        Integer requests = i < f.length && f[i].startsWith("nr_requests=") ? number(f[i++].substring(12), "nr_requests") : null;
        if (i != f.length) throw new IllegalArgumentException("unknown option " + Printable.quoted(f[i]) + ".");
        return new Entry(f[1], v, readAhead, requests);
    }

    private static Integer number(String digits, String name) {
        if (!digits.matches("[0-9]{1,6}")) throw new IllegalArgumentException(name + " must be a whole number, not " + Printable.quoted(digits) + ".");
        return Integer.valueOf(digits);
    }

    /**
     * The whole file. Each rule matches add or change events of whole disks whose own scheduler list
     * offers the scheduler, skips host-managed zoned disks unless it is mq-deadline, and jumps past the
     * others, so a disk gets one. A variant's settings sit in a block reached only by its jump, each
     * behind a {@code TEST} for its file: udev matches a whole line before it assigns anything.
     */
    public static String render(List<Entry> entries) {
        StringBuilder s = new StringBuilder(HEADER);
        if (entries.isEmpty()) s.append("\n# No rules.\n");
        StringBuilder blocks = new StringBuilder();
        int n = 0;
        for (Entry r : ordered(entries)) {
            n++;
            String scheduler = r.variant().scheduler();
            int k = kind(r.match());
            String match = k >= 0 ? KINDS.get(k).get(1) : (r.match().startsWith("wwn:") ? "ATTRS{wwid}==\"" + r.match().substring(4)
                    : "ATTRS{serial}==\"" + r.match().substring(7)) + "\"";
            s.append("\n# ").append(line(r)).append('\n');
            s.append("ACTION==\"add|change\", SUBSYSTEM==\"block\", ENV{DEVTYPE}==\"disk\", \\\n");
            s.append("  ").append(match).append(", \\\n");
            s.append("  ATTR{queue/scheduler}==\"").append(offersGuard(scheduler)).append("\", \\\n");
            if (!scheduler.equals(ZONED_SAFE)) s.append("  ATTR{queue/zoned}!=\"host-managed\", \\\n");
            s.append("  ATTR{queue/scheduler}=\"").append(scheduler).append('"');
            if (r.readAheadKb() != null) s.append(", ATTR{queue/read_ahead_kb}=\"").append(r.readAheadKb()).append('"');
            if (r.nrRequests() != null) s.append(", ATTR{queue/nr_requests}=\"").append(r.nrRequests()).append('"');
            String next = r.variant().isPlain() ? "elevator_end" : "elevator_settings_" + n;
            s.append(", ENV{ELEVATOR_RULE}=\"").append(r.match()).append("\", GOTO=\"").append(next).append("\"\n");
            if (r.variant().isPlain()) continue;
            blocks.append("\n# ").append(scheduler).append("'s own settings of rule ").append(r.match())
                    .append(", each where ").append(scheduler).append(" has it\n").append("LABEL=\"").append(next).append("\"\n");
            r.variant().settings().forEach((name, value) -> blocks.append("TEST==\"queue/iosched/").append(name)
                    .append("\", ATTR{queue/iosched/").append(name).append("}=\"").append(value).append("\"\n"));
            blocks.append("GOTO=\"elevator_end\"\n");
        }
        if (!blocks.isEmpty()) s.append("\nGOTO=\"elevator_end\"\n").append(blocks);
        return s.append("\nLABEL=\"elevator_end\"\n").toString();
    }

    /** A glob matching a line such as {@code none [bfq] kyber} that lists {@code name} as a whole word: {@code [ []} is a space or '[', {@code [] ]} ']' or a space. */
    public static String offersGuard(String name) {
        return name + "|" + name + "[] ]*|*[ []" + name + "|*[ []" + name + "[] ]*";
    }
}
