package io.github.elevator.rules;

import io.github.elevator.protocol.RulesRenderer;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The words of each kind and each other setter come from the bundle by a key made of their names: every one is there. */
class WordsOfKindsAndSettersTest {
    @Test
    void everyKindHasItsNounThePhraseWithEveryAndADescription() {
        for (Kind k : Kind.values()) {
            assertEquals(RulesRenderer.KINDS.get(k.ordinal()).get(0), k.id(), "the rules file's kinds, in the same order");
            assertEquals("every " + k.noun(), k.every());
            assertEquals("every " + k.noun(), Match.of(k).describe());
            assertFalse(k.description().isBlank(), k.id());
        }
    }

    @Test
    void everySetterHasItsNameWhoItIsAndWhenItRuns() {
        for (OtherSetter.Source s : OtherSetter.Source.values()) {
            assertFalse(s.label().isBlank(), s.name());
            assertFalse(s.when().isBlank(), s.name());
            assertEquals(s.label() + " at /etc/x.conf:3", s.who("/etc/x.conf:3"));
        }
    }
}
