package io.github.elevator.device;

import io.github.elevator.text.Printable;

import java.util.*;

/**
 * A scheduler with some of its own settings ({@code queue/iosched/NAME}) changed, benchmarked and
 * kept as if it were a scheduler of its own: "bfq low_latency=0", "kyber read_lat_nsec=1000000".
 * A plain scheduler is a variant with no settings. The text form is the scheduler's name, then
 * NAME=VALUE words, one space apart; every name must be a setting Elevator knows a range for and
 * every value a whole number in it. Settings of the queue (read-ahead and the like) are not part
 * of a variant: they outlive a scheduler switch, so they could not be compared slot by slot.
 */
public record SchedulerVariant(String scheduler, Map<String, Long> settings) {
    /** At most this many settings in one variant; the session's command line has room for them. */
    public static final int MAX_SETTINGS = 3;

    public SchedulerVariant {
        if (!SchedulerLine.isPlainName(scheduler)) throw new IllegalArgumentException("not a plain scheduler name");
        if (settings.size() > MAX_SETTINGS) throw new IllegalArgumentException("more than " + MAX_SETTINGS + " settings");
        for (Map.Entry<String, Long> s : settings.entrySet()) {
            TunableLimits.Limit limit = TunableLimits.IOSCHED.get(s.getKey());
            if (limit == null || s.getValue() == null || !limit.allows(s.getValue())) {
                throw new IllegalArgumentException("not a scheduler setting in range: " + s.getKey());
            }
        }
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** Reads "bfq low_latency=0"; says in words what is wrong otherwise. */
    public static SchedulerVariant parse(String text) throws IllegalArgumentException {
        String[] words = text.split(" +", -1);
        if (words.length == 0 || !SchedulerLine.isPlainName(words[0])) {
            throw new IllegalArgumentException(Printable.quoted(text) + " does not start with a scheduler's name");
        }
        if (words.length - 1 > MAX_SETTINGS) {
            throw new IllegalArgumentException(Printable.quoted(text) + " has more than " + MAX_SETTINGS + " settings");
        }
        Map<String, Long> settings = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            String name = eq < 0 ? words[i] : words[i].substring(0, eq);
            if (name.startsWith(TunableLimits.IOSCHED_PREFIX)) name = name.substring(TunableLimits.IOSCHED_PREFIX.length());
            String value = eq < 0 ? "" : words[i].substring(eq + 1);
            TunableLimits.Limit limit = TunableLimits.IOSCHED.get(name);
            if (limit == null) {
                throw new IllegalArgumentException(Printable.quoted(name) + " is not a scheduler setting Elevator can change; it knows "
                        + String.join(", ", TunableLimits.IOSCHED.keySet()));
            }
            if (!TunableLimits.isDigits(value) || !limit.allows(Long.parseLong(value))) {
                throw new IllegalArgumentException(name + " takes a whole number from " + limit.min() + " to " + limit.max()
                        + (limit.unit().isEmpty() ? "" : " " + limit.unit()) + ", not " + Printable.quoted(value));
            }
            String owner = TunableLimits.IOSCHED_OWNER.get(name);
            if (!owner.equals(words[0])) {
                throw new IllegalArgumentException(name + " is a setting of " + owner + ", not of " + Printable.quoted(words[0]));
            }
            if (settings.put(name, Long.parseLong(value)) != null) {
                throw new IllegalArgumentException(Printable.quoted(text) + " sets " + name + " twice");
            }
        }
        return new SchedulerVariant(words[0], settings);
    }

    /** A variant only in its own canonical text form ("bfq low_latency=0"), so one request has one spelling. */
    public static Optional<SchedulerVariant> canonical(String text) {
        try {
            SchedulerVariant v = parse(text);
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
