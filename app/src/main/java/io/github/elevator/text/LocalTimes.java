package io.github.elevator.text;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Times as the clock on the wall showed them: reports keep UTC (ISO-8601), people read local time. */
public final class LocalTimes {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT); // untranslated: ISO-like, the same in every language

    private LocalTimes() {
    }

    /** {@code iso} in {@code zone}; a text that is not an ISO-8601 instant as it was written. */
    public static String of(String iso, ZoneId zone) {
        try {
            return LOCAL.format(Instant.parse(iso).atZone(zone));
        } catch (DateTimeParseException | NullPointerException notAnInstant) {
            return String.valueOf(iso);
        }
    }

    /** {@code iso} in this machine's zone. */
    public static String of(String iso) {
        return of(iso, ZoneId.systemDefault());
    }
}
