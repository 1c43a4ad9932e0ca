package io.github.elevator.privilege;

import io.github.elevator.protocol.HelperExit;

/** A privileged operation that did not happen, with a message for a person. */
public final class PrivilegeException extends Exception {

    public enum Reason {
        /** The user closed the authentication dialog (pkexec 126). */
        DISMISSED,
        /** Denied (pkexec 127, "Not authorized"); also any other 127 that pkexec does not explain. */
        NOT_AUTHORIZED,
        /** No polkit authentication agent could ask for the password (pkexec 127, "No authentication agent found"). */
        NO_AGENT,
        /** The helper ran and refused or failed; see {@link #helperExit()}. */
        HELPER_FAILED,
        /** The helper or pkexec could not be started at all, or polkit could not be reached. */
        CANNOT_START
    }

    private final Reason reason;
    private final HelperExit helperExit;

    public PrivilegeException(Reason reason, HelperExit helperExit, String message) {
        super(message);
        this.reason = reason;
        this.helperExit = helperExit;
    }

    public Reason reason() {
        return reason;
    }

    /** The helper's own exit code when {@link Reason#HELPER_FAILED}, else null. */
    public HelperExit helperExit() {
        return helperExit;
    }
}
