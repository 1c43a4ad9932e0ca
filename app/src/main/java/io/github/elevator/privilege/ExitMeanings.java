package io.github.elevator.privilege;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.text.Messages;

/** What a helper's exit code means, in the person's language; the helper's own words, when it said more, are English. */
final class ExitMeanings {
    private ExitMeanings() {
    }

    /** The failure as a person reads it: the meaning, the helper's {@code detail} (may be empty) after it unless {@code m} is English, where the detail says it all. */
    static String told(Messages m, HelperExit exit, String detail) {
        if (detail.isEmpty()) return of(m, exit);
        return m.english() ? detail : m.get("privilege.exit.detail", of(m, exit), detail);
    }

    static String of(Messages m, HelperExit exit) {
        return switch (exit) {
            case OK -> m.get("privilege.exit.ok");
            case USAGE -> m.get("privilege.exit.usage");
            case NOT_ROOT -> m.get("privilege.exit.not-root");
            case NO_SUCH_DEVICE -> m.get("privilege.exit.no-such-device");
            case NO_SCHEDULER -> m.get("privilege.exit.no-scheduler");
            case UNKNOWN_SCHEDULER -> m.get("privilege.exit.unknown-scheduler");
            case DEVICE_GONE -> m.get("privilege.exit.device-gone");
            case WRITE_FAILED -> m.get("privilege.exit.write-failed");
            case NOT_CONFIRMED -> m.get("privilege.exit.not-confirmed");
            case INTERNAL -> m.get("privilege.exit.internal");
            case CANCELLED -> m.get("privilege.exit.cancelled");
            case BENCHMARK_FAILED -> m.get("privilege.exit.benchmark-failed");
            case TIMED_OUT -> m.get("privilege.exit.timed-out");
            case DEVICE_BUSY -> m.get("privilege.exit.device-busy");
            case LIMITS_TOO_LOW -> m.get("privilege.exit.limits-too-low");
            case NOT_HANDED_OVER -> m.get("privilege.exit.not-handed-over");
            case CONFINED -> m.get("privilege.exit.confined");
            case BAD_RULES -> m.get("privilege.exit.bad-rules");
            case FOREIGN_RULES_FILE -> m.get("privilege.exit.foreign-rules-file");
            case RULES_WRITE_FAILED -> m.get("privilege.exit.rules-write-failed");
            case UNKNOWN_TUNABLE -> m.get("privilege.exit.unknown-tunable");
            case BAD_TUNABLE_VALUE -> m.get("privilege.exit.bad-tunable-value");
            case TUNE_REFUSED -> m.get("privilege.exit.tune-refused");
            case TUNE_NOT_CONFIRMED -> m.get("privilege.exit.tune-not-confirmed");
        };
    }
}
