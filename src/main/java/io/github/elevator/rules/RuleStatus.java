package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;

import java.util.List;

/**
 * Where one disk's scheduler comes from, as far as Elevator's rules tell: the rule that applies
 * to it, whether the kernel reports that rule's scheduler, and what a rule for this disk would
 * be made of (its kind, and the WWN or serial that names it alone).
 */
public record RuleStatus(Rule rule, boolean agrees, Kind kind, Match identity, String text) {

    /** A disk without a scheduler, or before anything is known. */
    public static final RuleStatus NONE = new RuleStatus(null, false, null, null, "");

    public static RuleStatus of(BlockDevice d, RuleSet rules, boolean otherSettersExist) {
        if (!d.hasScheduler()) return NONE;
        Kind kind = Kind.of(d);
        Match identity = Match.identity(d);
        Rule applying = rules.applying(d);
        String others = otherSettersExist ? " Other settings that also set schedulers are listed under Rules." : "";
        if (applying != null) {
            boolean agrees = applying.scheduler().equals(d.active());
            String text = agrees
                    ? d.active() + " comes from Elevator's rule for " + applying.match().describe() + "."
                    : "Elevator's rule for " + applying.match().describe() + " says " + applying.scheduler() + ", but " + d.name()
                    + " uses " + d.active() + ": something else set it since, or udev has not applied the rule yet." + others;
            return new RuleStatus(applying, agrees, kind, identity, text);
        }
        List<Rule> matching = rules.matching(d);
        if (!matching.isEmpty()) {
            Rule first = matching.get(0);
            return new RuleStatus(first, false, kind, identity, "Elevator's rule for " + first.match().describe() + " says "
                    + first.scheduler() + ", which " + d.name() + " does not offer; it uses " + d.active() + "." + others);
        }
        return new RuleStatus(null, false, kind, identity,
                "No rule: " + d.active() + " is lost when the disk is unplugged or the machine restarts.");
    }

    /** True when a rule of Elevator's covers this disk and the kernel reports something else. */
    public boolean warning() {
        return rule != null && !agrees;
    }

    /** Short mark for a table cell: "usb", "⚠ usb: bfq", or empty. */
    public String mark() {
        if (rule == null) return "";
        return agrees ? rule.match().text() : "⚠ " + rule.match().text() + ": " + rule.scheduler();
    }
}
