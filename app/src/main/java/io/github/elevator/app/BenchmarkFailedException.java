package io.github.elevator.app;

/** A benchmark that did not complete; the message says why, and that the original scheduler is back. */
public final class BenchmarkFailedException extends Exception {
    public BenchmarkFailedException(String message) {
        super(message);
    }
}
