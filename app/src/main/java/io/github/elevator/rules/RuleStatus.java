package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;

import java.util.List;

/**
 * Where one disk's scheduler comes from, as far as Elevator's rules tell: the rule that applies
 * to it, whether the kernel reports that rule's scheduler, and what a rule for this disk would
 * be made of (its kind, and the WWN or serial that names it alone). {@code overrider} is the other
 * setter that gave the disk a scheduler other than the rule's, or that will replace the rule's
 * when it next runs; null when none does.
 */
public record RuleStatus(Rule rule, boolean agrees, Kind kind, Match identity, String text, Overrider overrider) {

    /** A disk without a scheduler, or before anything is known. */
    public static final RuleStatus NONE = new RuleStatus(null, false, null, null, "", null);

    public static RuleStatus of(BlockDevice d, RuleSet rules, List<Overrider> overriders) {
        if (!d.hasScheduler()) return NONE;
        Kind kind = Kind.of(d);
        Match identity = Match.identity(d);
        Rule applying = rules.applying(d);
        String others = overriders.isEmpty() ? "" : " Other settings that also set schedulers are listed under Rules.";
        if (applying != null) {
            String says = "Elevator's rule for " + applying.match().describe() + " says " + applying.scheduler();
            if (applying.scheduler().equals(d.active())) {
                Overrider later = Overriding.replaces(d.name(), applying.scheduler(), overriders);
                String text = d.active() + " comes from Elevator's rule for " + applying.match().describe() + "."
                        + (later == null ? "" : " But " + Overriding.replacing(later, d.name(), d.active()) + ".");
                return new RuleStatus(applying, true, kind, identity, text, later);
            }
            Overrider won = Overriding.gave(d.name(), d.active(), overriders);
            String text = won == null
                    ? says + ", but " + d.name() + " uses " + d.active() + ": something else set it since, or udev has not applied the rule yet." + others
                    : says + ", but " + d.name() + " uses " + d.active() + ": " + Overriding.sets(won, d.name())
                    + (won.afterElevator() ? ", after Elevator's rules." : ".");
            return new RuleStatus(applying, false, kind, identity, text, won);
        }
        List<Rule> matching = rules.matching(d);
        if (!matching.isEmpty()) {
            Rule first = matching.get(0);
            return new RuleStatus(first, false, kind, identity, "Elevator's rule for " + first.match().describe() + " says "
                    + first.scheduler() + ", which " + d.name() + " does not offer; it uses " + d.active() + "." + others, null);
        }
        return new RuleStatus(null, false, kind, identity,
                "No rule: " + d.active() + " is lost when the disk is unplugged or the machine restarts.", null);
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
