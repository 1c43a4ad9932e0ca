package io.github.elevator.app;

/** A setting that was not changed, with the reason in words for a person. */
public final class TuneFailedException extends Exception {
    public TuneFailedException(String message) {
        super(message);
    }
}
