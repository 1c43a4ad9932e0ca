package io.github.elevator.app;

/** Rules that were not saved (or not read); the message says why, in words for a person. */
public final class RulesFailedException extends Exception {
    public RulesFailedException(String message) {
        super(message);
    }
}
