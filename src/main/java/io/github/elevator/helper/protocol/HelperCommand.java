package io.github.elevator.helper.protocol;

import io.github.elevator.device.SchedulerVariant;

/**
 * What the app asks of a benchmark session, one line each on the helper's standard input.
 * The helper checks every field again against what the kernel lists; nothing here is trusted.
 * There is no command to read: the helper handed the app the device at the start
 * ({@link DeviceDescriptor}) and the app runs its reads itself; only fio, which must open the
 * device itself, runs in the helper.
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
