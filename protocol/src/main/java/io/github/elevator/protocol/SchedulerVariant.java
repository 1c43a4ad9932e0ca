package io.github.elevator.protocol;

import java.util.*;

/**
 * A scheduler with some of its own settings ({@code queue/iosched/NAME}) changed, benchmarked and kept
 * as a scheduler of its own: "bfq low_latency=0"; a plain scheduler has none. Each value is a whole
 * number in a variant's range ({@link TunableLimits#VARIANT}). Queue settings are never part of one:
 * they outlive a switch, so they could not be compared slot by slot.
 */
public record SchedulerVariant(String scheduler, Map<String, Long> settings) {
    /** At most this many settings in one variant; the session's command line has room for them. */
    public static final int MAX_SETTINGS = 3;

    public SchedulerVariant {
        if (!SchedulerLine.isPlainName(scheduler)) throw new IllegalArgumentException("not a plain scheduler name");
        if (settings.size() > MAX_SETTINGS) throw new IllegalArgumentException("more than " + MAX_SETTINGS + " settings");
        for (Map.Entry<String, Long> s : settings.entrySet()) {
            TunableLimits.Limit limit = TunableLimits.VARIANT.get(s.getKey());
            if (limit == null || s.getValue() == null || !limit.allows(s.getValue()) || !scheduler.equals(TunableLimits.IOSCHED_OWNER.get(s.getKey()))) {
                throw new IllegalArgumentException("not a setting of " + scheduler + " in range: " + s.getKey());
            }
        }
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** A variant only in its one text form ("bfq low_latency=0": single spaces, each setting once); empty for anything else. */
    public static Optional<SchedulerVariant> canonical(String text) {
        String[] words = text.split(" ", -1);
        Map<String, Long> settings = new LinkedHashMap<>();
        try {
            for (int i = 1; i < words.length; i++) {
                String[] setting = words[i].split("=", 2);
                if (setting.length != 2 || !TunableLimits.isDigits(setting[1]) || settings.put(setting[0], Long.parseLong(setting[1])) != null) {
                    return Optional.empty();
                }
            }
            SchedulerVariant v = new SchedulerVariant(words[0], settings);
            return v.text().equals(text) ? Optional.of(v) : Optional.empty();
        } catch (IllegalArgumentException notOne) {
            return Optional.empty();
        }
    }

    public boolean isPlain() {
        return settings.isEmpty();
    }

    /** "bfq low_latency=0": the name it goes by in reports, on the command line and to the helper. */
    public String text() {
        StringBuilder s = new StringBuilder(scheduler);
        settings.forEach((name, value) -> s.append(' ').append(name).append('=').append(value));
        return s.toString();
    }

    @Override
    public String toString() {
        return text();
    }
}
