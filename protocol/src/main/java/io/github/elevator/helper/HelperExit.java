package io.github.elevator.helper;

/**
 * Exit codes of {@code elevator-helper}. None is 126 or 127, which pkexec uses
 * for "dismissed" and "not authorized", and none is 1, which the JVM itself uses.
 */
public enum HelperExit {
    OK(0, "done"),
    USAGE(64, "the helper was called with the wrong arguments"),
    NOT_ROOT(65, "the helper must run as root"),
    NO_SUCH_DEVICE(66, "there is no block device by that name"),
    NO_SCHEDULER(67, "this device has no I/O scheduler to choose"),
    UNKNOWN_SCHEDULER(68, "this device does not offer that scheduler"),
    DEVICE_GONE(69, "the device disappeared"),
    WRITE_FAILED(70, "the kernel refused the change"),
    NOT_CONFIRMED(71, "the kernel did not confirm the change; the previous scheduler was put back"),
    INTERNAL(72, "the helper failed unexpectedly"),
    CANCELLED(73, "the benchmark session stopped early; the original scheduler is back"),
    BENCHMARK_FAILED(74, "the benchmark failed; the original scheduler is back"),
    TIMED_OUT(75, "the helper ran out of time (its caller kept it waiting); it holds no device"),
    DEVICE_BUSY(76, "another Elevator holds this device for a benchmark; nothing was changed"),
    LIMITS_TOO_LOW(77, "the caller's resource limits are too low for the helper, and root may not raise them here; nothing was changed"),
    // the rules verbs (write-rules, remove-rules) count from 80
    BAD_RULES(80, "the rules were refused: a field did not pass the checks; nothing was written"),
    FOREIGN_RULES_FILE(81, "a rules file that Elevator did not write is in the way; it was left as it is"),
    RULES_WRITE_FAILED(82, "the rules file could not be written or removed; the previous one is as it was"),
    // the tune verb counts from 90
    UNKNOWN_TUNABLE(90, "this device has no such setting, or none that can be changed"),
    BAD_TUNABLE_VALUE(91, "the value is not a whole number in the setting's range; nothing was changed"),
    TUNE_REFUSED(92, "the kernel refused the value; the setting is as it was"),
    TUNE_NOT_CONFIRMED(93, "the kernel did not confirm the value; the previous one was put back");

    private final int code;
    private final String meaning;

    HelperExit(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    /** What the code means, in words for a person. */
    public String meaning() {
        return meaning;
    }

    public static HelperExit fromCode(int code) {
        for (HelperExit e : values()) {
            if (e.code == code) return e;
        }
        return null;
    }
}
