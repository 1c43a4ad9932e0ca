package io.github.elevator.device;

import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The app's reader of a variant as a person writes it ("bfq iosched/low_latency=0", spaces as
 * they come): it says in words what is wrong. What goes to the root helper is the variant's own
 * text, which the helper takes only in that one spelling ({@link SchedulerVariant#canonical}).
 */
public final class SchedulerVariants {
    private SchedulerVariants() {
    }

    /** Reads "bfq low_latency=0"; says in words what is wrong otherwise. */
    public static SchedulerVariant parse(String text) throws IllegalArgumentException {
        String[] words = text.split(" +", -1);
        if (words.length == 0 || !SchedulerLine.isPlainName(words[0])) {
            throw new IllegalArgumentException(Messages.text("device.variant.no-scheduler", Printable.quoted(text)));
        }
        if (words.length - 1 > SchedulerVariant.MAX_SETTINGS) {
            throw new IllegalArgumentException(Messages.text("device.variant.too-many", Printable.quoted(text), SchedulerVariant.MAX_SETTINGS));
        }
        Map<String, Long> settings = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            String name = eq < 0 ? words[i] : words[i].substring(0, eq);
            if (name.startsWith(TunableLimits.IOSCHED_PREFIX)) name = name.substring(TunableLimits.IOSCHED_PREFIX.length());
            String value = eq < 0 ? "" : words[i].substring(eq + 1);
            TunableLimits.Limit limit = TunableLimits.IOSCHED.get(name);
            if (limit == null) {
                throw new IllegalArgumentException(unknownSetting(name, words[0]));
            }
            if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
                throw new IllegalArgumentException(Messages.text(limit.unit().isEmpty() ? "device.variant.range" : "device.variant.range.unit", name,
                        String.valueOf(limit.min()), String.valueOf(limit.max()), TunableWords.unit(limit), Printable.quoted(value)));
            }
            String owner = TunableLimits.IOSCHED_OWNER.get(name);
            if (!owner.equals(words[0])) {
                throw new IllegalArgumentException(Messages.text("device.variant.owner", name, owner, Printable.quoted(words[0])));
            }
            if (settings.put(name, Long.parseLong(value)) != null) {
                throw new IllegalArgumentException(Messages.text("device.variant.twice", Printable.quoted(text), name));
            }
        }
        return new SchedulerVariant(words[0], settings);
    }

    /** Only the named scheduler's own settings: all of every scheduler's made a line of 500 characters. */
    private static String unknownSetting(String name, String scheduler) {
        List<String> own = TunableLimits.IOSCHED_OWNER.entrySet().stream()
                .filter(e -> e.getValue().equals(scheduler)).map(Map.Entry::getKey).sorted().toList();
        if (own.isEmpty()) return Messages.text("device.variant.unknown.none", Printable.quoted(name), Printable.quoted(scheduler));
        return Messages.text("device.variant.unknown", Printable.quoted(name), String.join(", ", own), scheduler);
    }
}
