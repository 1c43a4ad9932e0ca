package io.github.elevator.ui.rules;

import io.github.elevator.rules.Match;

/** One entry of the rules editor's "Applies to" list: a match and how a person reads it. */
public record MatchChoice(Match match, String label) {
    @Override
    public String toString() {
        return label;
    }
}
