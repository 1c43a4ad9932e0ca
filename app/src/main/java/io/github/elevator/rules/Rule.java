package io.github.elevator.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.protocol.TunableLimits;

import java.util.Map;

/**
 * Disks that {@link Match} get {@code scheduler}, some of its own settings (a variant such as
 * "bfq low_latency=0", see {@link SchedulerVariant}), and optionally a read-ahead and a request
 * queue size. Every field is checked when the rule is made, so a rule that exists can be
 * written into a udev rule as it is.
 */
public record Rule(Match match, String scheduler, Map<String, Long> schedulerSettings, Integer readAheadKb, Integer nrRequests) {
    /** The queue's own ranges (TunableLimits), which the helper checks a rule against too. */
    public static final int MAX_READ_AHEAD_KB = (int) TunableLimits.QUEUE.get("read_ahead_kb").max();
    public static final int MIN_NR_REQUESTS = (int) TunableLimits.QUEUE.get("nr_requests").min();
    public static final int MAX_NR_REQUESTS = (int) TunableLimits.QUEUE.get("nr_requests").max();

    public Rule {
        if (match == null) throw new IllegalArgumentException("no match"); // untranslated: a bug, Rule.of checks first
        if (!SchedulerLine.isPlainName(scheduler)) throw new IllegalArgumentException("not a plain scheduler name"); // untranslated: a bug, Rule.of checks first
        schedulerSettings = new SchedulerVariant(scheduler, schedulerSettings == null ? Map.of() : schedulerSettings).settings();
        if (readAheadKb != null && (readAheadKb < 0 || readAheadKb > MAX_READ_AHEAD_KB)) {
            throw new IllegalArgumentException("read_ahead_kb out of range"); // untranslated: a bug, Rule.of checks first
        }
        if (nrRequests != null && (nrRequests < MIN_NR_REQUESTS || nrRequests > MAX_NR_REQUESTS)) {
            throw new IllegalArgumentException("nr_requests out of range"); // untranslated: a bug, Rule.of checks first
        }
    }

    public Rule(Match match, String scheduler, Integer readAheadKb, Integer nrRequests) {
        this(match, scheduler, Map.of(), readAheadKb, nrRequests);
    }

    public Rule(Match match, String scheduler) {
        this(match, scheduler, null, null);
    }

    /** Checks every field and says what is wrong, in words, instead of throwing IllegalArgumentException. */
    public static Rule of(Match match, String scheduler, Integer readAheadKb, Integer nrRequests) throws RulesException {
        String name = scheduler == null ? "" : scheduler.split(" ", 2)[0];
        if (!SchedulerLine.isPlainName(name)) {
            throw new RulesException(Messages.text("ruleset.rule.unknown-scheduler", Printable.quoted(scheduler == null ? "" : scheduler),
                    String.join(", ", Schedulers.KERNEL)));
        }
        SchedulerVariant variant;
        try {
            variant = SchedulerVariants.parse(scheduler);
        } catch (IllegalArgumentException e) {
            throw new RulesException(e.getMessage() + ".");
        }
        if (readAheadKb != null && (readAheadKb < 0 || readAheadKb > MAX_READ_AHEAD_KB)) {
            throw new RulesException(Messages.text("ruleset.rule.read-ahead-range", MAX_READ_AHEAD_KB, readAheadKb));
        }
        if (nrRequests != null && (nrRequests < MIN_NR_REQUESTS || nrRequests > MAX_NR_REQUESTS)) {
            throw new RulesException(Messages.text("ruleset.rule.nr-requests-range", MIN_NR_REQUESTS, MAX_NR_REQUESTS, nrRequests));
        }
        return new Rule(match, variant.scheduler(), variant.settings(), readAheadKb, nrRequests);
    }

    /** The scheduler with its own settings: "bfq", "bfq low_latency=0". */
    public String variant() {
        return new SchedulerVariant(scheduler, schedulerSettings).text();
    }

    /** "bfq", "bfq low_latency=0, read-ahead 128 KiB, nr_requests 64". */
    public String settings() {
        String s = variant();
        if (readAheadKb != null) s = Messages.text("ruleset.rule.read-ahead", s, readAheadKb);
        if (nrRequests != null) s = Messages.text("ruleset.rule.nr-requests", s, nrRequests);
        return s;
    }
}
