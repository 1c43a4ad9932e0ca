package io.github.elevator.protocol;

import io.github.elevator.protocol.SchedulerVariant;

/** What the app asks of a session, one line each; the helper checks every field again. There is no command to read: the app reads. */
public sealed interface HelperCommand {
    /** Put the held device on this scheduler (one the device offers), with these of its own settings changed. */
    record Switch(SchedulerVariant variant) implements HelperCommand {
    }

    /** Put the original scheduler back and exit; end of input means the same. */
    record End() implements HelperCommand {
    }
}
