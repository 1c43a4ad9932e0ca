package io.github.elevator.app;

import io.github.elevator.protocol.Printable;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.OtherSetter;
import io.github.elevator.rules.OtherSetterScan;
import io.github.elevator.rules.LastSetterWins;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RulesDescription;
import io.github.elevator.rules.RulesException;
import io.github.elevator.rules.Schedulers;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.rules.TunedMachine;
import io.github.elevator.rules.TunedProfile;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Sentences;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Elevator's persistent rules: reads them back from the udev rules file, previews the file for
 * any set of rules, and saves through the privileged helper ({@code write-rules} with the rules
 * described on its standard input, or {@code remove-rules} when none are left). Everything the
 * helper would refuse is refused here first, so a typo never asks for a password.
 */
public final class RulesService {
    private final SchedulerService devices;
    private final Path root;

    /** {@code root} is {@code /} in production; tests read a made-up tree. Writes always go through the helper. */
    public RulesService(SchedulerService devices, Path root) {
        this.devices = devices;
        this.root = root;
    }

    public static RulesService system(SchedulerService devices) {
        return new RulesService(devices, Path.of("/"));
    }

    public RulesOverview state() throws IOException {
        List<BlockDevice> present = devices.attachedDevices();
        return new RulesOverview(ElevatorRulesFile.parse(readFile()), present, new OtherSetterScan(root).scan(present),
                Schedulers.known(present.stream().map(BlockDevice::schedulers).toList()));
    }

    /**
     * The file's text, "" for something that is not a regular file such as a folder (so it reads
     * as foreign), null when absent.
     */
    private String readFile() throws IOException {
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? "" : null;
            // not read strictly: bytes that are not UTF-8 make the file "changed by hand" (or not Elevator's), not an error
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (NoSuchFileException gone) {
            return null;
        }
    }

    /**
     * These rules as a TuneD profile named {@code name}, on top of the profile this machine's TuneD
     * runs now (TuneD's own default when none), for the disks in {@code state}.
     */
    public String tunedProfile(RulesOverview state, RuleSet rules, String name) {
        return TunedProfile.render(name, TunedProfile.includes(root, name), rules, state.devices());
    }

    /** What this machine's TuneD does: when it is active, a TuneD profile is what keeps a choice here. */
    public TunedMachine tuned() {
        return TunedMachine.read(root);
    }

    /** The file Elevator would write for these rules. */
    public String preview(RuleSet rules) {
        return ElevatorRulesFile.render(rules);
    }

    /** Saves exactly these rules: writes the file, or removes it when there are none. */
    public SaveResult save(RuleSet rules) throws RulesFailedException {
        return save(rules, false);
    }

    private SaveResult save(RuleSet rules, boolean removingAll) throws RulesFailedException {
        RulesOverview state = current();
        try {
            rules.checkSchedulers(state.knownSchedulers());
        } catch (RulesException e) {
            throw new RulesFailedException(e.getMessage());
        }
        if (state.file().status() == ElevatorRulesFile.Status.FOREIGN) throw new RulesFailedException(state.fileNotice());
        if (!removingAll) refuseToDropUnread(state.file().unread());
        String output;
        try {
            output = rules.isEmpty()
                    ? devices.helper().forRules().run(List.of("remove-rules"))
                    : devices.helper().forRules().run(List.of("write-rules"), RulesDescription.encode(rules));
        } catch (PrivilegeException e) {
            throw new RulesFailedException(Messages.text("app.rules.not-saved", e.getMessage()));
        }
        return SaveResult.from(output, rules, state);
    }

    /**
     * Lines of the file no rule read back accounts for would be lost by a save: refused, naming
     * the first one. Removing every rule is a person's own choice to drop them all, so it goes on.
     */
    private static void refuseToDropUnread(List<ElevatorRulesFile.Unread> unread) throws RulesFailedException {
        if (unread.isEmpty()) return;
        int more = unread.size() - 1;
        throw new RulesFailedException(more == 0 ? Messages.text("app.rules.unread", unread.get(0).where())
                : Messages.count("app.rules.unread.more", more, unread.get(0).where()));
    }

    /** Adds the rule, or replaces the rule for the same disks, and saves. */
    public SaveResult set(Rule rule) throws RulesFailedException {
        try {
            return save(current().rules().with(rule));
        } catch (RulesException e) {
            throw new RulesFailedException(e.getMessage());
        }
    }

    public SaveResult remove(Match match) throws RulesFailedException {
        RuleSet rules = current().rules();
        if (rules.find(match) == null) throw new RulesFailedException(Messages.text("app.rules.no-rule", match.text()));
        return save(rules.without(match));
    }

    public SaveResult removeAll() throws RulesFailedException {
        return save(RuleSet.EMPTY, true);
    }

    /**
     * "Use SCHEDULER for every KIND device", where KIND is this disk's kind: creates the rule for
     * the kind or changes its scheduler (keeping its read-ahead and nr_requests). Also what a
     * benchmark's result offers for its winner.
     */
    public SaveResult useForKind(BlockDevice device, String scheduler) throws RulesFailedException {
        return save(planForKind(device, scheduler));
    }

    /** "Use SCHEDULER for this device only": a rule for the disk's WWN, else its serial number. */
    public SaveResult useForThisDevice(BlockDevice device, String scheduler) throws RulesFailedException {
        return save(planForThisDevice(device, scheduler));
    }

    /** What {@link #useForKind} would write, without writing it: for a confirmation that shows it first. */
    public Plan planForKind(BlockDevice device, String scheduler) throws RulesFailedException {
        Kind kind = Kind.of(device);
        if (kind == null) {
            throw new RulesFailedException(Messages.text("app.rules.no-kind", device.name(), Kind.ids()));
        }
        return plan(device, Match.of(kind), scheduler);
    }

    /** What {@link #useForThisDevice} would write, without writing it. */
    public Plan planForThisDevice(BlockDevice device, String scheduler) throws RulesFailedException {
        Match identity = Match.identity(device);
        if (identity == null) {
            throw new RulesFailedException(Messages.text("app.rules.no-identity", device.name()));
        }
        return plan(device, identity, scheduler);
    }

    /**
     * A rule about to be saved: the rule, the whole file it leads to, the disks it covers now, what
     * it means for the disk it was made from when a more specific rule keeps that one, and one
     * sentence per disk where another setter runs after Elevator's rules and writes something else.
     */
    public record Plan(BlockDevice device, Rule rule, RuleSet rules, String file, List<String> matchedNow, String note,
                       List<String> overridden) {
        public Plan {
            overridden = List.copyOf(overridden);
        }
    }

    private Plan plan(BlockDevice device, Match match, String scheduler) throws RulesFailedException {
        if (!device.schedulers().contains(scheduler)) {
            throw new RulesFailedException(Messages.text("app.rules.not-offered", device.name(), Printable.quoted(scheduler)));
        }
        RulesOverview state = current();
        if (state.file().status() == ElevatorRulesFile.Status.FOREIGN) throw new RulesFailedException(state.fileNotice());
        Rule old = state.rules().find(match);
        try {
            Rule rule = Rule.of(match, scheduler, old == null ? null : old.readAheadKb(), old == null ? null : old.nrRequests());
            RuleSet next = state.rules().with(rule);
            next.checkSchedulers(state.knownSchedulers());
            Rule wins = next.applying(device);
            String note = wins == null || wins.match().equals(match) ? ""
                    : Messages.text("app.rules.follows", device.name(), wins.match().describe(), wins.scheduler());
            return new Plan(device, rule, next, preview(next), state.matched(rule), note, state.overriddenUnder(next, rule));
        } catch (RulesException e) {
            throw new RulesFailedException(e.getMessage());
        }
    }

    /** Saves a planned rule (checked again against the file as it is now). */
    public SaveResult save(Plan plan) throws RulesFailedException {
        SaveResult saved = set(plan.rule());
        if (plan.note().isEmpty()) return saved;
        return new SaveResult(saved.rules(), saved.devices(), saved.udev(), saved.message() + " " + plan.note());
    }

    private RulesOverview current() throws RulesFailedException {
        try {
            return state();
        } catch (IOException e) {
            throw new RulesFailedException(Messages.text("app.rules.unreadable", e.getMessage()));
        }
    }

    /** What a save did: one line per matched disk from the helper, and a message for a person. */
    public record SaveResult(RuleSet rules, List<DeviceNow> devices, String udev, String message) {

        /** A disk a rule matched, the scheduler the rule gives it, and the one it uses now. */
        public record DeviceNow(String device, String rule, String scheduler, String active) {
        }

        /**
         * The helper names every disk with a scheduler and the one it uses now; which rule udev
         * applies to which of them is the app's own reading of its rules ({@link RuleSet#applying}).
         */
        static SaveResult from(String helperOutput, RuleSet rules, RulesOverview before) {
            List<DeviceNow> now = new ArrayList<>();
            String udev = "unknown";
            Map<String, BlockDevice> known = new java.util.HashMap<>();
            before.devices().forEach(d -> known.put(d.name(), d));
            for (String line : helperOutput.split("\n")) {
                if (line.isBlank()) continue;
                JsonObject o = JsonParser.parseString(line).getAsJsonObject();
                BlockDevice d = o.has("device") ? known.get(text(o, "device")) : null;
                if (d != null && !rules.matching(d).isEmpty()) {
                    Rule r = rules.applying(d);
                    now.add(new DeviceNow(d.name(), r == null ? null : r.match().text(), r == null ? null : r.scheduler(), text(o, "active")));
                } else if (o.has("udev")) {
                    udev = text(o, "udev");
                }
            }
            return new SaveResult(rules, now, udev, message(rules, now, udev, before));
        }

        private static String text(JsonObject o, String key) {
            return o.has(key) && !o.get(key).isJsonNull() ? o.get(key).getAsString() : null;
        }

        private static String message(RuleSet rules, List<DeviceNow> now, String udev, RulesOverview before) {
            StringBuilder s = new StringBuilder();
            int n = rules.rules().size();
            s.append(n == 0 ? Messages.text("app.rules.saved.none", ElevatorRulesFile.PATH) : Messages.count("app.rules.saved", n, ElevatorRulesFile.PATH));
            // the helper also names loop devices with no file attached; the window and this message leave them out
            Map<String, String> had = new java.util.HashMap<>();
            before.devices().forEach(d -> had.put(d.name(), String.valueOf(d.active())));
            Map<String, List<String>> applied = new java.util.TreeMap<>();
            Map<String, List<String>> kept = new java.util.TreeMap<>();
            List<String> pending = new ArrayList<>();
            List<String> replaced = new ArrayList<>();
            for (DeviceNow d : now) {
                if (d.scheduler() == null || !had.containsKey(d.device())) continue;
                if (d.scheduler().equals(d.active())) {
                    (d.active().equals(had.get(d.device())) ? kept : applied).computeIfAbsent(d.active(), k -> new ArrayList<>()).add(d.device());
                    OtherSetter later = LastSetterWins.replaces(d.device(), d.scheduler(), before.overriders());
                    if (later != null) replaced.add(LastSetterWins.replacing(later, d.device(), d.scheduler()));
                } else {
                    OtherSetter won = LastSetterWins.gave(d.device(), d.active(), before.overriders());
                    pending.add(won == null ? Messages.text("app.rules.saved.pending", d.device(), d.active(), d.scheduler())
                            : Messages.text(won.afterElevator() ? "app.rules.saved.pending.after" : "app.rules.saved.pending.by",
                            d.device(), d.active(), d.scheduler(), LastSetterWins.sets(won, d.device())));
                }
            }
            applied.forEach((scheduler, names) -> s.append(' ').append(Messages.count("app.rules.saved.now-uses", names.size(), few(names), scheduler)));
            kept.forEach((scheduler, names) -> s.append(' ').append(Messages.count("app.rules.saved.already-used", names.size(), few(names), scheduler)));
            if (n > 0 && "not-running".equals(udev)) {
                s.append(' ').append(Messages.text("app.rules.saved.udev-not-running"));
            } else if ("failed".equals(udev)) {
                s.append(' ').append(Messages.text("app.rules.saved.udev-failed"));
            }
            sentences(pending, s);
            if (!replaced.isEmpty()) s.append(' ').append(Messages.text("app.rules.saved.but"));
            sentences(replaced, s);
            for (Rule r : rules.rules()) {
                if (before.matched(r).isEmpty()) s.append(' ').append(Messages.text("app.rules.saved.no-disk", r.match().describe()));
            }
            return s.toString();
        }

        /** One sentence each, up to four; beyond that the first three and how many more. */
        private static void sentences(List<String> items, StringBuilder s) {
            int shown = items.size() <= 4 ? items.size() : 3;
            for (String item : items.subList(0, shown)) s.append(' ').append(Messages.text("app.sentence", item));
            if (shown < items.size()) s.append(' ').append(Messages.count("app.rules.saved.more-disks", items.size() - shown));
        }

        /** "a, b and c", or "a, b, c and 7 more": a message stays one that fits a status line. */
        static String few(List<String> items) {
            if (items.size() <= 4) return Sentences.list(items);
            return Messages.count("app.list.more", items.size() - 3, Sentences.commas(items.subList(0, 3)));
        }
    }
}
