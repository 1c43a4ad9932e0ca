package io.github.elevator.protocol;

/** Exit codes of both root programs (their words are the app's, {@code privilege.exit.*}); not 1 (the JVM's), 126 or 127 (pkexec's). */
public enum HelperExit {
    OK(0),
    USAGE(64),
    NOT_ROOT(65),
    NO_SUCH_DEVICE(66),
    NO_SCHEDULER(67),
    UNKNOWN_SCHEDULER(68),
    DEVICE_GONE(69),
    WRITE_FAILED(70),
    NOT_CONFIRMED(71),
    INTERNAL(72),
    CANCELLED(73),
    BENCHMARK_FAILED(74),
    TIMED_OUT(75),
    DEVICE_BUSY(76),
    LIMITS_TOO_LOW(77),
    NOT_HANDED_OVER(78),
    CONFINED(79),
    // the rules verbs (write-rules, remove-rules) count from 80
    BAD_RULES(80),
    FOREIGN_RULES_FILE(81),
    RULES_WRITE_FAILED(82),
    // the tune verb counts from 90
    UNKNOWN_TUNABLE(90),
    BAD_TUNABLE_VALUE(91),
    TUNE_REFUSED(92),
    TUNE_NOT_CONFIRMED(93);

    private final int code;

    HelperExit(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
