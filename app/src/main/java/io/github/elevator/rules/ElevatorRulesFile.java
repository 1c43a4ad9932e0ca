package io.github.elevator.rules;

import io.github.elevator.protocol.RulesRenderer;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

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
public final class ElevatorRulesFile {
    /** Where the file lives, relative to the file system root. */
    public static final String PATH = RulesRenderer.PATH;
    public static final Path RELATIVE_PATH = Path.of(PATH.substring(1));
    /** The first line of every file Elevator writes, and the only proof that a file is Elevator's. */
    public static final String MARKER = RulesRenderer.MARKER;
    static final String ZONED_SAFE = RulesRenderer.ZONED_SAFE;

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

    private ElevatorRulesFile() {
    }

    /** The whole file for these rules: the one the root helper writes from their description ({@link RulesRenderer#render}). */
    public static String render(RuleSet set) {
        return RulesRenderer.render(entries(set));
    }

    /** The rules as the description and the renderer shared with the helper take them. */
    public static List<RulesRenderer.Entry> entries(RuleSet set) {
        return set.rules().stream().map(r -> new RulesRenderer.Entry(r.match().text(),
                new SchedulerVariant(r.scheduler(), r.schedulerSettings()), r.readAheadKb(), r.nrRequests())).toList();
    }

    static String offersGuard(String name) {
        return RulesRenderer.offersGuard(name);
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
            return Messages.text("ruleset.file.unread", PATH, line, Printable.quoted(text.strip(), 200));
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
            return new Parsed(Status.FOREIGN, RuleSet.EMPTY, text, List.of(Messages.text("ruleset.file.foreign", PATH)));
        }
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        Map<String, StringBuilder> settings = settingsBlocks(lines);
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].contains("ENV{ELEVATOR_RULE}")) continue;
            Matcher m = ASSIGNMENT.matcher(lines[i]);
            try {
                if (!m.matches()) throw new RulesException(Messages.text("ruleset.file.shape"));
                Match match = Match.parse(m.group(4));
                String variant = m.group(1) + settings.getOrDefault(m.group(5), new StringBuilder());
                rules.add(Rule.of(match, variant, number(m.group(2)), number(m.group(3))));
            } catch (RulesException | IllegalArgumentException e) {
                problems.add(Messages.text("ruleset.file.line", i + 1, e.getMessage()));
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
        if (!exact && problems.isEmpty()) problems.add(Messages.text("ruleset.file.changed"));
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
