package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One udev rules file read as udev reads it, far enough to say which disks present now each of its
 * scheduler assignments reaches: lines joined at a trailing backslash, each a list of
 * {@code KEY{attr}OP"value"}, evaluated in order for an added and a changed disk, {@code GOTO}
 * jumping to its {@code LABEL}. A key Elevator cannot read for a disk (a udev property, a driver)
 * makes the answer "perhaps", never "yes".
 */
final class UdevFileReach {
    private static final Pattern TOKEN = Pattern.compile("([A-Z_]+)(?:\\{([^}]*)\\})?\\s*(==|!=|\\+=|-=|:=|=)\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern ECHO = Pattern.compile("echo\\s+'?([a-z0-9_-]+)'?\\s*>\\s*\\S*queue/scheduler");
    private static final List<String> ACTIONS = List.of("add", "change");

    private enum Truth { YES, NO, PERHAPS }

    private record Token(String key, String attr, String op, String value) {
        boolean isMatch() {
            return op.equals("==") || op.equals("!=");
        }
    }

    /** One rule; {@code setsScheduler} when it assigns {@code queue/scheduler}, with the name when plain. */
    record Line(int number, String text, List<Token> tokens, boolean setsScheduler, String scheduler) {
        String label() {
            return value("LABEL");
        }

        String gotoLabel() {
            return value("GOTO");
        }

        private String value(String key) {
            return tokens.stream().filter(t -> t.key.equals(key) && !t.isMatch()).map(Token::value).findFirst().orElse(null);
        }
    }

    private final List<Line> lines;

    private UdevFileReach(List<Line> lines) {
        this.lines = lines;
    }

    static UdevFileReach parse(String text) {
        List<Line> lines = new ArrayList<>();
        String[] raw = text.split("\n", -1);
        for (int i = 0; i < raw.length; i++) {
            int start = i;
            StringBuilder joined = new StringBuilder();
            String line = raw[i];
            while (line.endsWith("\\") && i + 1 < raw.length) {
                joined.append(line, 0, line.length() - 1);
                line = raw[++i];
            }
            joined.append(line);
            String rule = joined.toString().strip();
            if (rule.isEmpty() || rule.startsWith("#")) continue;
            List<Token> tokens = new ArrayList<>();
            Matcher m = TOKEN.matcher(rule);
            while (m.find()) tokens.add(new Token(m.group(1), m.group(2), m.group(3), m.group(4)));
            boolean sets = false;
            String scheduler = null;
            for (Token t : tokens) {
                if (t.key.equals("ATTR") && "queue/scheduler".equals(t.attr) && !t.isMatch()) {
                    sets = true;
                    scheduler = t.value;
                } else if ((t.key.equals("RUN") || t.key.equals("PROGRAM") || t.key.equals("IMPORT")) && t.value.contains("queue/scheduler")) {
                    sets = true;
                    Matcher echo = ECHO.matcher(t.value);
                    scheduler = echo.find() ? echo.group(1) : null;
                }
            }
            lines.add(new Line(start + 1, rule, List.copyOf(tokens), sets, scheduler));
        }
        return new UdevFileReach(lines);
    }

    /** The lines that set a scheduler, in file order. */
    List<Line> setters() {
        return lines.stream().filter(Line::setsScheduler).toList();
    }

    /** What {@code setter} does to each of {@code disks}: the disks it reaches when added or changed. */
    List<DiskEffect> effects(Line setter, List<BlockDevice> disks, java.nio.file.Path root) {
        List<DiskEffect> out = new ArrayList<>();
        for (BlockDevice d : disks) {
            if (!d.hasScheduler()) continue;
            Truth reached = Truth.NO;
            for (String action : ACTIONS) reached = or(reached, reaches(setter, new DiskFacts(d, root), action));
            if (reached != Truth.NO) out.add(new DiskEffect(d.name(), setter.scheduler(), reached == Truth.YES, null));
        }
        return out;
    }

    /** Walks the file for one disk and one event, as udev does, until {@code setter}'s line. */
    private Truth reaches(Line setter, DiskFacts disk, String action) {
        boolean unsure = false;
        Map<String, Integer> labels = labels();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            Truth t = matches(line, disk, action);
            if (line == setter) return t == Truth.NO ? Truth.NO : unsure || t == Truth.PERHAPS ? Truth.PERHAPS : Truth.YES;
            if (t == Truth.NO || line.gotoLabel() == null) continue;
            Integer target = labels.get(line.gotoLabel());
            if (target == null || target <= i) continue; // udev ignores a GOTO without a later LABEL
            if (t == Truth.PERHAPS) {
                unsure = true;
            } else {
                i = target - 1;
            }
        }
        return Truth.NO;
    }

    private Map<String, Integer> labels() {
        Map<String, Integer> labels = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String label = lines.get(i).label();
            if (label != null) labels.putIfAbsent(label, i);
        }
        return labels;
    }

    private static Truth matches(Line line, DiskFacts disk, String action) {
        Truth all = Truth.YES;
        for (Token t : line.tokens()) {
            if (!t.isMatch()) continue;
            Truth one = matches(t, disk, action);
            if (t.op.equals("!=") && one != Truth.PERHAPS) one = one == Truth.YES ? Truth.NO : Truth.YES;
            if (one == Truth.NO) return Truth.NO;
            if (one == Truth.PERHAPS) all = Truth.PERHAPS;
        }
        return all;
    }

    /** Whether the key's value matches the pattern (before {@code !=} turns it round). */
    private static Truth matches(Token t, DiskFacts disk, String action) {
        return switch (t.key) {
            case "ACTION" -> of(UdevGlob.matches(t.value, action));
            case "SUBSYSTEM" -> of(UdevGlob.matches(t.value, "block"));
            case "KERNEL" -> of(UdevGlob.matches(t.value, disk.name()));
            case "KERNELS" -> {
                List<String> names = disk.kernels();
                if (names == null) yield UdevGlob.matches(t.value, disk.name()) ? Truth.YES : disk.isVirtual() ? Truth.NO : Truth.PERHAPS;
                yield of(names.stream().anyMatch(n -> UdevGlob.matches(t.value, n)));
            }
            case "DRIVERS" -> {
                Set<String> drivers = disk.drivers();
                if (drivers == null) yield Truth.PERHAPS;
                yield of(drivers.stream().anyMatch(n -> UdevGlob.matches(t.value, n)));
            }
            case "ENV" -> "DEVTYPE".equals(t.attr) ? of(UdevGlob.matches(t.value, "disk")) : Truth.PERHAPS;
            case "ATTR" -> known(disk.attr(t.attr), t.value);
            case "ATTRS" -> {
                List<String> values = disk.attrs(t.attr);
                if (values == null) yield Truth.PERHAPS;
                yield of(values.stream().anyMatch(v -> UdevGlob.matches(t.value, v.strip())));
            }
            case "SUBSYSTEMS" -> {
                Set<String> buses = disk.subsystems();
                if (buses == null) yield Truth.PERHAPS;
                yield of(buses.stream().anyMatch(b -> UdevGlob.matches(t.value, b)));
            }
            default -> Truth.PERHAPS;
        };
    }

    private static Truth known(String value, String pattern) {
        return value == null ? Truth.PERHAPS : of(UdevGlob.matches(pattern, value.strip()));
    }

    private static Truth of(boolean b) {
        return b ? Truth.YES : Truth.NO;
    }

    private static Truth or(Truth a, Truth b) {
        if (a == Truth.YES || b == Truth.YES) return Truth.YES;
        return a == Truth.PERHAPS || b == Truth.PERHAPS ? Truth.PERHAPS : Truth.NO;
    }
}
