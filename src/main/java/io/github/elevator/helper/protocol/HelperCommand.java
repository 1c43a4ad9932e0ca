package io.github.elevator.helper.protocol;

import io.github.elevator.device.SchedulerVariant;

/**
 * What the app asks of a benchmark session, one line each on the helper's standard input.
 * The helper checks every field again against what the kernel lists; nothing here is trusted.
 */
public sealed interface HelperCommand {

    /** Put the held device on this scheduler (one the device offers), with these of its own settings changed. */
    record Switch(SchedulerVariant variant) implements HelperCommand {
    }

    /** Run one raw read workload for a warm-up and {@code seconds} measured, on the current scheduler. */
    record Read(String workload, double seconds) implements HelperCommand {
    }

    /**
     * Start a raw read workload and keep it running, through switches, until another load, a read
     * or the end; measure it in slices with {@link Measure}.
     */
    record Load(String workload) implements HelperCommand {
    }

    /** Measure the running load for {@code seconds} (after a short settle), on the current scheduler. */
    record Measure(double seconds) implements HelperCommand {
    }

    /** Put the original scheduler back and exit; end of input means the same. */
    record End() implements HelperCommand {
    }
}
