package io.github.elevator.app;

/** A scheduler switch that did not happen; the message says why, in words for a person. */
public final class SwitchFailedException extends Exception {
    public SwitchFailedException(String message) {
        super(message);
    }
}
