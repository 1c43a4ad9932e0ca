package io.github.elevator.rules;

/** Input that cannot become a rule; the message says why in words for a person. */
public final class RulesException extends Exception {
    public RulesException(String message) {
        super(message);
    }
}
