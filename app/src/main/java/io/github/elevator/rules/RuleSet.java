package io.github.elevator.rules;

import io.github.elevator.protocol.RulesRenderer;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ZonedGuard;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Elevator's rules: at most one per {@link Match}, always in order of precedence (most specific
 * first), which is also their order in the generated file. Immutable.
 */
public final class RuleSet {
    public static final int MAX_RULES = RulesRenderer.MAX_RULES;
    public static final RuleSet EMPTY = new RuleSet(List.of());

    private final List<Rule> rules;

    private RuleSet(Collection<Rule> rules) {
        TreeMap<Match, Rule> sorted = new TreeMap<>(Match.PRECEDENCE);
        for (Rule r : rules) sorted.put(r.match(), r);
        this.rules = List.copyOf(sorted.values());
    }

    /** Refuses two rules for the same match and more than {@link #MAX_RULES}. */
    public static RuleSet of(Collection<Rule> rules) throws RulesException {
        if (rules.size() > MAX_RULES) throw new RulesException(Messages.count("ruleset.set.too-many", MAX_RULES, rules.size()));
        RuleSet set = new RuleSet(rules);
        if (set.rules.size() != rules.size()) throw new RulesException(Messages.text("ruleset.set.same-match"));
        return set;
    }

    public List<Rule> rules() {
        return rules;
    }

    public boolean isEmpty() {
        return rules.isEmpty();
    }

    public Rule find(Match match) {
        for (Rule r : rules) {
            if (r.match().equals(match)) return r;
        }
        return null;
    }

    /** This set with {@code rule} added, or replacing the rule for the same match. */
    public RuleSet with(Rule rule) throws RulesException {
        List<Rule> next = new ArrayList<>();
        for (Rule r : rules) {
            if (!r.match().equals(rule.match())) next.add(r);
        }
        next.add(rule);
        return of(next);
    }

    public RuleSet without(Match match) {
        List<Rule> next = new ArrayList<>(rules);
        next.removeIf(r -> r.match().equals(match));
        return new RuleSet(next);
    }

    /** Refuses scheduler names outside {@code known}, naming the rule. */
    public void checkSchedulers(Set<String> known) throws RulesException {
        for (Rule r : rules) {
            if (!known.contains(r.scheduler())) {
                throw new RulesException(Messages.text("ruleset.set.unknown-scheduler", Printable.quoted(r.scheduler()), r.match().text(),
                        String.join(", ", known)));
            }
        }
    }

    /** The rules whose match covers the disk, most specific first, whether or not it offers their scheduler. */
    public List<Rule> matching(BlockDevice d) {
        return rules.stream().filter(r -> r.match().matches(d)).toList();
    }

    /**
     * The rule udev applies to the disk: the first that matches it and whose scheduler it offers,
     * and never one for another scheduler than mq-deadline on a host-managed zoned disk (the
     * generated rule skips those); null for none.
     */
    public Rule applying(BlockDevice d) {
        for (Rule r : rules) {
            if (r.match().matches(d) && d.schedulers().contains(r.scheduler()) && zonedAllows(r, d)) return r;
        }
        return null;
    }

    private static boolean zonedAllows(Rule r, BlockDevice d) {
        return r.scheduler().equals(ElevatorRulesFile.ZONED_SAFE) || !ZonedGuard.HOST_MANAGED.equals(d.zoned());
    }

    /** The names of the present disks a rule covers now. */
    public static List<String> devicesMatching(Rule rule, List<BlockDevice> devices) {
        return devices.stream().filter(d -> rule.match().matches(d)).map(BlockDevice::name).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RuleSet other && other.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    @Override
    public String toString() {
        return rules.toString();
    }
}
