package io.github.elevator.privilege;

import io.github.elevator.helper.HelperExit;
import io.github.elevator.text.Messages;

/** What a helper's exit code means, in the person's language, for a helper that ended without saying more. */
final class ExitMeanings {
    private ExitMeanings() {
    }

    static String of(HelperExit exit) {
        return switch (exit) {
            case OK -> Messages.text("privilege.exit.ok");
            case USAGE -> Messages.text("privilege.exit.usage");
            case NOT_ROOT -> Messages.text("privilege.exit.not-root");
            case NO_SUCH_DEVICE -> Messages.text("privilege.exit.no-such-device");
            case NO_SCHEDULER -> Messages.text("privilege.exit.no-scheduler");
            case UNKNOWN_SCHEDULER -> Messages.text("privilege.exit.unknown-scheduler");
            case DEVICE_GONE -> Messages.text("privilege.exit.device-gone");
            case WRITE_FAILED -> Messages.text("privilege.exit.write-failed");
            case NOT_CONFIRMED -> Messages.text("privilege.exit.not-confirmed");
            case INTERNAL -> Messages.text("privilege.exit.internal");
            case CANCELLED -> Messages.text("privilege.exit.cancelled");
            case BENCHMARK_FAILED -> Messages.text("privilege.exit.benchmark-failed");
            case TIMED_OUT -> Messages.text("privilege.exit.timed-out");
            case DEVICE_BUSY -> Messages.text("privilege.exit.device-busy");
            case LIMITS_TOO_LOW -> Messages.text("privilege.exit.limits-too-low");
            case BAD_RULES -> Messages.text("privilege.exit.bad-rules");
            case FOREIGN_RULES_FILE -> Messages.text("privilege.exit.foreign-rules-file");
            case RULES_WRITE_FAILED -> Messages.text("privilege.exit.rules-write-failed");
            case UNKNOWN_TUNABLE -> Messages.text("privilege.exit.unknown-tunable");
            case BAD_TUNABLE_VALUE -> Messages.text("privilege.exit.bad-tunable-value");
            case TUNE_REFUSED -> Messages.text("privilege.exit.tune-refused");
            case TUNE_NOT_CONFIRMED -> Messages.text("privilege.exit.tune-not-confirmed");
        };
    }
}
