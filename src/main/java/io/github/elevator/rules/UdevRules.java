package io.github.elevator.rules;

import io.github.elevator.text.Printable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The udev rules file Elevator owns, {@code /etc/udev/rules.d/60-elevator.rules}: generated from a
 * {@link RuleSet}, and read back into one. Elevator recognises its own file by the first line
 * ({@link #MARKER}) and never touches a file at that path without it.
 *
 * <p>Each rule carries its own guards (add or change events of whole disks only) and applies only
 * when the disk's own scheduler list offers the scheduler, matched as a whole word with or without
 * brackets, so {@code deadline} never matches {@code mq-deadline}; a rule for any scheduler but
 * mq-deadline also skips host-managed zoned disks. Rules are written most specific
 * first and each ends with a jump past the others, so a disk gets exactly one of them.
 */
public final class UdevRules {
    /** Where the file lives, relative to the file system root. */
    public static final String PATH = "/etc/udev/rules.d/60-elevator.rules";
    public static final Path RELATIVE_PATH = Path.of(PATH.substring(1));
    /** The first line of every file Elevator writes, and the only proof that a file is Elevator's. */
    public static final String MARKER = "# Written by Elevator (io.github.elevator.Elevator). This file is Elevator's own.";

    private static final String HEADER = MARKER + "\n"
            + "#\n"
            + "# udev rules that keep the I/O scheduler of whole disks across unplugging\n"
            + "# and reboots. Change them in Elevator's Rules window, or with\n"
            + "# 'elevator rules set' and 'elevator rules remove': edits made here by hand\n"
            + "# are replaced the next time Elevator saves its rules.\n"
            + "#\n"
            + "# To remove every rule: 'elevator rules remove --all', or as root delete\n"
            + "# this file and run 'udevadm control --reload'. Disks keep their scheduler\n"
            + "# until they are next added or the machine restarts.\n"
            + "#\n"
            + "# A rule applies to whole disks (not partitions) when they are added or\n"
            + "# change, and only when the kernel offers its scheduler for the disk.\n"
            + "# Host-managed zoned disks only ever get mq-deadline from a rule: before\n"
            + "# Linux 6.10 their writes can fail under any other scheduler.\n"
            + "# The most specific rule comes first and wins: one disk by WWN, one disk by\n"
            + "# serial number, then removable, usb, mmc, nvme, ssd, hdd, virtio, loop.\n";
    static final String GUARDS = "ACTION==\"add|change\", SUBSYSTEM==\"block\", ENV{DEVTYPE}==\"disk\", \\";
    static final String END = "LABEL=\"elevator_end\"";
    /** The one scheduler a rule may give a host-managed zoned disk (see {@code device.ZonedGuard}). */
    static final String ZONED_SAFE = "mq-deadline";
    static final String NOT_HOST_MANAGED = "ATTR{queue/zoned}!=\"host-managed\"";
    private static final String CONTINUE = ", \\";

    private static final String SETTINGS_LABEL = "elevator_settings_";
    /** The assignment line of a rule: where the round trip reads a rule back from. */
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "  ATTR\\{queue/scheduler\\}=\"([a-z0-9_-]{1,32})\""
                    + "(?:, ATTR\\{queue/read_ahead_kb\\}=\"([0-9]{1,5})\")?"
                    + "(?:, ATTR\\{queue/nr_requests\\}=\"([0-9]{1,4})\")?"
                    + ", ENV\\{ELEVATOR_RULE\\}=\"([A-Za-z0-9._:-]{1,136})\", GOTO=\"(elevator_end|" + SETTINGS_LABEL + "[0-9]{1,3})\"");
    /** A line that sets one of the scheduler's own settings, where the active scheduler has that file. */
    private static final Pattern SETTING = Pattern.compile("TEST==\"queue/iosched/([a-z_]{1,32})\", ATTR\\{queue/iosched/\\1\\}=\"([0-9]{1,11})\"");
    private static final Pattern SETTINGS_NUMBER = Pattern.compile(SETTINGS_LABEL + "[0-9]+");
    private static final Pattern LABEL = Pattern.compile("LABEL=\"(" + SETTINGS_LABEL + "[0-9]{1,3})\"");

    private UdevRules() {
    }

    /**
     * The whole file for these rules. A rule with scheduler settings (a variant) jumps to a block of
     * its own after all rules, where each setting is written only if the scheduler that is now
     * active has that file ({@code TEST}); udev evaluates every match of a line before any
     * assignment, so the check cannot sit in the line that switches the scheduler. The block is
     * reached only by that jump: an unconditional jump to the end comes before it.
     */
    public static String render(RuleSet set) {
        StringBuilder s = new StringBuilder(HEADER);
        if (set.isEmpty()) s.append("\n# No rules.\n");
        StringBuilder settings = new StringBuilder();
        int n = 0;
        for (Rule r : set.rules()) {
            n++;
            s.append('\n');
            s.append("# ").append(r.match().describe()).append(": ").append(r.settings()).append('\n');
            s.append(GUARDS).append('\n');
            s.append("  ").append(r.match().udevMatch()).append(CONTINUE).append('\n');
            s.append("  ATTR{queue/scheduler}==\"").append(offersGuard(r.scheduler())).append('"').append(CONTINUE).append('\n');
            if (!r.scheduler().equals(ZONED_SAFE)) s.append("  ").append(NOT_HOST_MANAGED).append(CONTINUE).append('\n');
            s.append("  ATTR{queue/scheduler}=\"").append(r.scheduler()).append('"');
            if (r.readAheadKb() != null) s.append(", ATTR{queue/read_ahead_kb}=\"").append(r.readAheadKb()).append('"');
            if (r.nrRequests() != null) s.append(", ATTR{queue/nr_requests}=\"").append(r.nrRequests()).append('"');
            String next = r.schedulerSettings().isEmpty() ? "elevator_end" : SETTINGS_LABEL + n;
            s.append(", ENV{ELEVATOR_RULE}=\"").append(r.match().text()).append("\", GOTO=\"").append(next).append("\"\n");
            if (r.schedulerSettings().isEmpty()) continue;
            settings.append("\n# ").append(r.scheduler()).append("'s own settings for ").append(r.match().describe())
                    .append(", each where ").append(r.scheduler()).append(" has it\n");
            settings.append("LABEL=\"").append(next).append("\"\n");
            r.schedulerSettings().forEach((name, value) -> settings.append("TEST==\"queue/iosched/").append(name)
                    .append("\", ATTR{queue/iosched/").append(name).append("}=\"").append(value).append("\"\n"));
            settings.append("GOTO=\"elevator_end\"\n");
        }
        if (!settings.isEmpty()) s.append("\nGOTO=\"elevator_end\"\n").append(settings);
        return s.append('\n').append(END).append('\n').toString();
    }

    /**
     * A glob that matches a scheduler line such as {@code none [bfq] kyber} when it lists
     * {@code name} as a whole word: alone, first, last or in between, bracketed or not.
     * {@code [ []} is a space or an opening bracket, {@code [] ]} a closing bracket or a space.
     */
    static String offersGuard(String name) {
        return name + "|" + name + "[] ]*|*[ []" + name + "|*[ []" + name + "[] ]*";
    }

    /** What a file at Elevator's path turned out to be. */
    public enum Status {
        /** No file: no rules. */
        ABSENT,
        /** Elevator's file, exactly as Elevator writes it. */
        OURS,
        /** Elevator's file, changed by hand since: the rules it could read are kept, saving replaces the rest. */
        EDITED,
        /** Not Elevator's file: Elevator reads nothing from it and will not replace or remove it. */
        FOREIGN
    }

    /** A file read back: its status, the rules it holds, and its text. */
    public record Parsed(Status status, RuleSet rules, String text, List<String> problems) {
        /**
         * The lines of an edited file that the rules read back would not write again (comments and
         * blank lines aside): a rule cut short, a settings block lost, a line changed by hand.
         * Saving would drop them, so saving refuses while there are any.
         */
        public List<Unread> unread() {
            return status == Status.EDITED ? unreadLines(text, rules) : List.of();
        }
    }

    /** One line of the file, numbered from 1, that no rule read back accounts for. */
    public record Unread(int line, String text) {
        /** "…60-elevator.rules, line 31: ENV{ID_SERIAL}==\"ABC123\", \\" */
        public String where() {
            return PATH + ", line " + line + ": " + Printable.quoted(text.strip(), 200);
        }
    }

    private static List<Unread> unreadLines(String text, RuleSet rules) {
        Map<String, Integer> written = new HashMap<>();
        for (String line : render(rules).split("\n")) {
            if (isRuleLine(line)) written.merge(labelsAsOne(line), 1, Integer::sum);
        }
        List<Unread> unread = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (!isRuleLine(lines[i])) continue;
            // a rule written again has its settings block renumbered: the label's number does not tell rules apart
            Integer left = written.computeIfPresent(labelsAsOne(lines[i]), (k, n) -> n - 1);
            if (left == null || left < 0) unread.add(new Unread(i + 1, lines[i]));
        }
        return List.copyOf(unread);
    }

    private static boolean isRuleLine(String line) {
        String t = line.strip();
        return !t.isEmpty() && !t.startsWith("#");
    }

    private static String labelsAsOne(String line) {
        return SETTINGS_NUMBER.matcher(line).replaceAll(SETTINGS_LABEL);
    }

    /** Reads a file's text back into rules. {@code text} null means there is no file. */
    public static Parsed parse(String text) {
        if (text == null) return new Parsed(Status.ABSENT, RuleSet.EMPTY, null, List.of());
        int eol = text.indexOf('\n');
        String first = eol < 0 ? text : text.substring(0, eol);
        if (!first.equals(MARKER)) {
            return new Parsed(Status.FOREIGN, RuleSet.EMPTY, text, List.of(PATH + " was not written by Elevator."));
        }
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        Map<String, StringBuilder> settings = settingsBlocks(lines);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].contains("ENV{ELEVATOR_RULE}")) continue;
            Matcher m = ASSIGNMENT.matcher(lines[i]);
            try {
                if (!m.matches()) throw new RulesException("not in the shape Elevator writes");
                Match match = Match.parse(m.group(4));
                String variant = m.group(1) + settings.getOrDefault(m.group(5), new StringBuilder());
                rules.add(Rule.of(match, variant, number(m.group(2)), number(m.group(3))));
            } catch (RulesException | IllegalArgumentException e) {
                problems.add("line " + (i + 1) + ": " + e.getMessage());
            }
        }
        RuleSet set;
        try {
            set = RuleSet.of(rules);
        } catch (RulesException e) {
            problems.add(e.getMessage());
            set = RuleSet.EMPTY;
        }
        boolean exact = problems.isEmpty() && render(set).equals(text);
        if (!exact && problems.isEmpty()) problems.add("the file was changed since Elevator wrote it");
        return new Parsed(exact ? Status.OURS : Status.EDITED, set, text, List.copyOf(problems));
    }

    /** The settings under each settings label, as " NAME=VALUE" words; their shape is checked by the exact round trip. */
    private static Map<String, StringBuilder> settingsBlocks(String[] lines) {
        Map<String, StringBuilder> blocks = new HashMap<>();
        StringBuilder current = null;
        for (String line : lines) {
            Matcher label = LABEL.matcher(line);
            Matcher setting = SETTING.matcher(line);
            if (label.matches()) current = blocks.computeIfAbsent(label.group(1), k -> new StringBuilder());
            else if (current != null && setting.matches()) current.append(' ').append(setting.group(1)).append('=').append(setting.group(2));
            else current = null;
        }
        return blocks;
    }

    private static Integer number(String digits) {
        return digits == null ? null : Integer.valueOf(digits);
    }
}
