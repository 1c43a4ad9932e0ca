package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.text.Messages;

import java.util.List;

/**
 * Where one disk's scheduler comes from, as far as Elevator's rules tell: the rule that applies
 * to it, whether the kernel reports that rule's scheduler, and what a rule for this disk would
 * be made of (its kind, and the WWN or serial that names it alone). {@code overrider} is the other
 * setter that gave the disk a scheduler other than the rule's, or that will replace the rule's
 * when it next runs; null when none does.
 */
public record RuleStatus(Rule rule, boolean agrees, Kind kind, Match identity, String text, OtherSetter overrider) {

    /** A disk without a scheduler, or before anything is known. */
    public static final RuleStatus NONE = new RuleStatus(null, false, null, null, "", null);

    public static RuleStatus of(BlockDevice d, RuleSet rules, List<OtherSetter> overriders) {
        if (!d.hasScheduler()) return NONE;
        Kind kind = Kind.of(d);
        Match identity = Match.identity(d);
        Rule applying = rules.applying(d);
        String others = overriders.isEmpty() ? "" : " " + Messages.text("ruleset.status.others");
        if (applying != null) {
            String match = applying.match().describe();
            if (applying.scheduler().equals(d.active())) {
                OtherSetter later = LastSetterWins.replaces(d.name(), applying.scheduler(), overriders);
                String text = later == null ? Messages.text("ruleset.status.from-rule", d.active(), match)
                        : Messages.text("ruleset.status.from-rule.replaced", d.active(), match, LastSetterWins.replacing(later, d.name(), d.active()));
                return new RuleStatus(applying, true, kind, identity, text, later);
            }
            OtherSetter won = LastSetterWins.gave(d.name(), d.active(), overriders);
            String text = won == null
                    ? Messages.text("ruleset.status.differs", match, applying.scheduler(), d.name(), d.active()) + others
                    : Messages.text(won.afterElevator() ? "ruleset.status.differs.set-after" : "ruleset.status.differs.set-by",
                            match, applying.scheduler(), d.name(), d.active(), LastSetterWins.sets(won, d.name()));
            return new RuleStatus(applying, false, kind, identity, text, won);
        }
        List<Rule> matching = rules.matching(d);
        if (!matching.isEmpty()) {
            Rule first = matching.get(0);
            return new RuleStatus(first, false, kind, identity,
                    Messages.text("ruleset.status.not-offered", first.match().describe(), first.scheduler(), d.name(), d.active()) + others, null);
        }
        return new RuleStatus(null, false, kind, identity, Messages.text("ruleset.status.none", d.active()), null);
    }

    /** True when a rule of Elevator's covers this disk and the kernel reports something else, or another setter will replace it. */
    public boolean warning() {
        return rule != null && (!agrees || overrider != null);
    }

    /** Short mark for a table cell: "usb", "⚠ usb" (another setter will replace it), "⚠ usb: bfq", or empty. */
    public String mark() {
        if (rule == null) return "";
        if (agrees) return overrider == null ? rule.match().text() : "⚠ " + rule.match().text();
        return "⚠ " + rule.match().text() + ": " + rule.scheduler();
    }
}
