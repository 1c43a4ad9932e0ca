package io.github.elevator.helper.protocol;

import io.github.elevator.device.SchedulerVariant;

/**
 * What the app asks of a benchmark session, one line each on the helper's standard input; the
 * helper checks every field again against what the kernel lists. There is no command to read: the
 * app runs its reads itself, on the device handed over ({@link DescriptorPassing}); only fio, which
 * must open the device itself, runs in the helper.
 */
public sealed interface HelperCommand {
    /** Put the held device on this scheduler (one the device offers), with these of its own settings changed. */
    record Switch(SchedulerVariant variant) implements HelperCommand {
    }

    /**
     * Run fio as root on the held device: the fixed argument vector of {@link FioCommand} for this
     * raw read workload, {@code seconds} long; only its figures come back.
     */
    record Fio(String workload, int seconds) implements HelperCommand {
    }

    /** Put the original scheduler back and exit; end of input means the same. */
    record End() implements HelperCommand {
    }
}
