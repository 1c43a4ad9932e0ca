package io.github.elevator.rules;

import io.github.elevator.protocol.RulesRenderer;

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
    public static final String FIRST_LINE = RulesRenderer.FIRST_LINE;
    public static final int MAX_BYTES = RulesRenderer.MAX_BYTES;

    private RulesDescription() {
    }

    public static String encode(RuleSet set) {
        StringBuilder s = new StringBuilder(FIRST_LINE).append('\n');
        for (RulesRenderer.Entry e : ElevatorRulesFile.entries(set)) s.append(RulesRenderer.line(e)).append('\n');
        return s.append("end\n").toString();
    }

    /** Decodes and validates as the helper does ({@link RulesRenderer#decode}); the message of a refusal names the line. */
    public static RuleSet decode(String text) throws RulesException {
        List<Rule> rules = new ArrayList<>();
        try {
            for (RulesRenderer.Entry e : RulesRenderer.decode(text)) {
                rules.add(new Rule(Match.parse(e.match()), e.variant().scheduler(), e.variant().settings(), e.readAheadKb(), e.nrRequests()));
            }
        } catch (IllegalArgumentException e) {
            throw new RulesException(e.getMessage());
        }
        return RuleSet.of(rules);
    }
}
