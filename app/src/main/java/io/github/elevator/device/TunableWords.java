package io.github.elevator.device;

import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.text.Messages;

import java.util.Locale;

/**
 * What a setting of {@link TunableLimits} does and its unit, in the desktop's language: the words
 * stay in the app's bundles, so the root side holds only the ranges it checks.
 */
public final class TunableWords {
    /** Bundle keys: this and the setting's bare name, or its unit in ASCII ("µs" is "us"). */
    private static final String MEANING = "device.tunable.meaning.", UNIT = "device.tunable.unit.";

    private TunableWords() {
    }

    /** What the setting written {@code queue/NAME}, {@code iosched/NAME} or NAME does. */
    public static String meaning(String key) {
        return Messages.text(MEANING + key.substring(key.indexOf('/') + 1));
    }

    /** The unit of the values {@code limit} allows, such as "KiB"; empty for a plain number or a switch. */
    public static String unit(TunableLimits.Limit limit) {
        return limit.unit().isEmpty() ? "" : Messages.text(unitKey(limit.unit()));
    }

    static String unitKey(String unit) {
        return UNIT + unit.replace("µ", "u").toLowerCase(Locale.ROOT);
    }
}
