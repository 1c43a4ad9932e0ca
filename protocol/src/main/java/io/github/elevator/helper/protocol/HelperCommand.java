package io.github.elevator.helper.protocol;

import io.github.elevator.device.SchedulerVariant;

/**
 * What the app asks of a benchmark session, one line each on the helper's standard input.
 * The helper checks every field again against what the kernel lists; nothing here is trusted.
 * There is no command to read: the helper handed the app the device at the start
 * ({@link DeviceDescriptor}) and the app runs its reads itself.
 */
public sealed interface HelperCommand {

    /** Put the held device on this scheduler (one the device offers), with these of its own settings changed. */
    record Switch(SchedulerVariant variant) implements HelperCommand {
    }

    /** Put the original scheduler back and exit; end of input means the same. */
    record End() implements HelperCommand {
    }
}
