package io.github.elevator.rules;

import io.github.elevator.device.SchedulerVariant;
import io.github.elevator.text.Printable;
import java.util.ArrayList;
import java.util.List;

/**
 * The structured description of a rule set that the window and the command line hand to the
 * privileged helper on its standard input. Never udev rule text: the helper checks every field
 * of this against the same whitelists and generates the file itself.
 *
 * <pre>
 * elevator-rules 1
 * rule usb bfq
 * rule wwn:naa.5002538f42a1b3c9 none read_ahead_kb=128 nr_requests=64
 * rule hdd bfq low_latency=0 slice_idle=0
 * end
 * </pre>
 *
 * Printable ASCII and line feeds only, single spaces between fields, the scheduler's own settings
 * (at most {@link SchedulerVariant#MAX_SETTINGS}) before the queue's, the queue's in that order,
 * at most {@link RuleSet#MAX_RULES} rules and {@link #MAX_BYTES} bytes. Anything else is refused.
 */
public final class RulesDescription {
    public static final String FIRST_LINE = "elevator-rules 1";
    public static final int MAX_BYTES = 16 * 1024;

    private RulesDescription() {
    }

    public static String encode(RuleSet set) {
        StringBuilder s = new StringBuilder(FIRST_LINE).append('\n');
        for (Rule r : set.rules()) {
            s.append("rule ").append(r.match().text()).append(' ').append(r.variant());
            if (r.readAheadKb() != null) s.append(" read_ahead_kb=").append(r.readAheadKb());
            if (r.nrRequests() != null) s.append(" nr_requests=").append(r.nrRequests());
            s.append('\n');
        }
        return s.append("end\n").toString();
    }

    /** Decodes and validates; the message of a refusal names the line. */
    public static RuleSet decode(String text) throws RulesException {
        if (text.length() > MAX_BYTES) throw new RulesException("The rules description is longer than " + MAX_BYTES + " bytes.");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\n' && (c < 0x20 || c > 0x7e)) {
                throw new RulesException("The rules description may hold only printable ASCII and line feeds.");
            }
        }
        String[] lines = text.split("\n", -1);
        if (lines.length < 3 || !lines[0].equals(FIRST_LINE)) throw new RulesException("The rules description must start with '" + FIRST_LINE + "'.");
        if (!lines[lines.length - 1].isEmpty() || !lines[lines.length - 2].equals("end")) {
            throw new RulesException("The rules description must end with a line 'end' (was it cut short?).");
        }
        List<Rule> rules = new ArrayList<>();
        for (int i = 1; i < lines.length - 2; i++) {
            if (rules.size() == RuleSet.MAX_RULES) throw new RulesException("At most " + RuleSet.MAX_RULES + " rules.");
            try {
                rules.add(rule(lines[i]));
            } catch (RulesException e) {
                throw new RulesException("Line " + (i + 1) + " of the rules description: " + e.getMessage());
            }
        }
        return RuleSet.of(rules);
    }

    private static Rule rule(String line) throws RulesException {
        String[] f = line.split(" ", -1);
        if (f.length < 3 || f.length > 5 + SchedulerVariant.MAX_SETTINGS || !f[0].equals("rule")) {
            throw new RulesException("expected 'rule MATCH SCHEDULER [NAME=N]... [read_ahead_kb=N] [nr_requests=N]'.");
        }
        Match match = Match.parse(f[1]);
        Integer readAhead = null;
        Integer requests = null;
        int i = 3;
        StringBuilder variant = new StringBuilder(f[2]);
        while (i < f.length && !f[i].startsWith("read_ahead_kb=") && !f[i].startsWith("nr_requests=")) variant.append(' ').append(f[i++]);
        if (i < f.length && f[i].startsWith("read_ahead_kb=")) readAhead = number(f[i++].substring(14), "read_ahead_kb");
        if (i < f.length && f[i].startsWith("nr_requests=")) requests = number(f[i++].substring(12), "nr_requests");
        if (i != f.length) throw new RulesException("unknown option " + Printable.quoted(f[i]) + ".");
        Rule rule = Rule.of(match, variant.toString(), readAhead, requests);
        if (!rule.variant().equals(variant.toString())) throw new RulesException("write the scheduler's settings as NAME=N, each once.");
        return rule;
    }

    private static Integer number(String digits, String name) throws RulesException {
        if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new RulesException(name + " must be a whole number, not " + Printable.quoted(digits) + ".");
        }
        return Integer.valueOf(digits);
    }
}
