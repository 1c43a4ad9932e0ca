package io.github.elevator.text;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SentencesTest {
    @Test
    void englishLowersTheFirstLetterOfAPartAfterAColonButNotOfAnAbbreviation() {
        Messages english = Messages.of(Locale.ENGLISH);
        assertEquals("the helper failed (exit 137)", Sentences.lowerFirst(english, "The helper failed (exit 137)"));
        assertEquals("USB sticks are slow", Sentences.lowerFirst(english, "USB sticks are slow"));
        assertEquals("", Sentences.lowerFirst(english, ""));
    }

    @Test
    void germanKeepsItsCapitals() {
        Messages german = Messages.of(Locale.GERMAN);
        assertEquals("Der Helfer ist beendet", Sentences.lowerFirst(german, "Der Helfer ist beendet"));
        assertEquals("Lesen von sda fehlgeschlagen", Sentences.lowerFirst(german, "Lesen von sda fehlgeschlagen"));
    }
}
