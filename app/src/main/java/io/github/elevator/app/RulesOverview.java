package io.github.elevator.app;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.rules.OtherSetter;
import io.github.elevator.rules.LastSetterWins;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RuleStatus;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Everything about the rules at one moment, as the rules view and {@code elevator rules list} show
 * it: Elevator's file as read back, the disks present now, everything else that sets schedulers,
 * and the scheduler names a rule may use. One disk's standing is a {@link RuleStatus}.
 */
public record RulesOverview(ElevatorRulesFile.Parsed file, List<BlockDevice> devices, List<OtherSetter> overriders, Set<String> knownSchedulers) {

    public RulesOverview {
        devices = List.copyOf(devices);
        overriders = List.copyOf(overriders);
        knownSchedulers = Set.copyOf(knownSchedulers);
    }

    /** The saved rules (as far as they could be read). */
    public RuleSet rules() {
        return file.rules();
    }

    /** The names of the disks present now that a rule covers. */
    public List<String> matched(Rule rule) {
        return RuleSet.devicesMatching(rule, devices);
    }

    public RuleStatus status(BlockDevice device) {
        return statusIn(rules(), device);
    }

    /** The status the disk would have under other rules, such as a draft not saved yet. */
    public RuleStatus statusIn(RuleSet rules, BlockDevice device) {
        return RuleStatus.of(device, rules, overriders);
    }

    /**
     * One sentence per disk that {@code rule} would give its scheduler in {@code rules} and where
     * another setter that runs after Elevator's rules writes a different one: there the rule does not hold.
     */
    public List<String> overriddenUnder(RuleSet rules, Rule rule) {
        List<String> sentences = new ArrayList<>();
        for (BlockDevice d : devices) {
            if (!rule.equals(rules.applying(d))) continue;
            OtherSetter later = LastSetterWins.replaces(d.name(), rule.scheduler(), overriders);
            if (later != null) sentences.add(Messages.text("app.sentence", LastSetterWins.replacing(later, d.name(), rule.scheduler())));
        }
        return sentences;
    }

    /** One line per disk whose scheduler differs from what Elevator's rule says. */
    public List<String> warnings() {
        List<String> lines = new ArrayList<>();
        for (BlockDevice d : devices) {
            RuleStatus s = status(d);
            if (s.warning()) lines.add(d.name() + ": " + s.text());
        }
        return lines;
    }

    /** What to say about the file itself: nothing when it is Elevator's and unchanged. */
    public String fileNotice() {
        return switch (file.status()) {
            case ABSENT -> Messages.text("app.rules.file.absent", ElevatorRulesFile.PATH);
            case OURS -> "";
            case EDITED -> file.unread().isEmpty() ? Messages.text("app.rules.file.edited", ElevatorRulesFile.PATH, String.join("; ", file.problems()))
                    : Messages.text("app.rules.file.edited.unread", ElevatorRulesFile.PATH, String.join("; ", file.problems()), file.unread().get(0).where());
            case FOREIGN -> Messages.text("app.rules.file.foreign", ElevatorRulesFile.PATH);
        };
    }
}
