package io.github.elevator.text;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The kinds of numbers people read, as the formatter writes them (this JVM reads English); a fraction handed to a sentence as it is. */
class NumbersTest {
    @Test
    void eachKindOfNumberHasItsDecimalsAndGrouping() {
        assertEquals("44,105", Numbers.whole(44104.5), "rounded half up, as String.format rounds");
        assertEquals("1,563.4", Numbers.fixed(1563.44, 1));
        assertEquals("3", Numbers.trimmed(3.04, 1));
        assertEquals("3.5", Numbers.trimmed(3.5, 1));
        assertEquals("0.84", Numbers.ratio(0.8403));
        assertEquals("5.3", Numbers.percent(-0.0531), "the sign is the sentence's");
        assertEquals("12", Numbers.percent(0.1249));
        assertEquals("1,000", Numbers.percent(10));
        assertEquals("0.25", Numbers.seconds(0.25));
        assertEquals("1,235", Numbers.seconds(1234.5));
        assertEquals("20:34", Numbers.clock(1234));
        assertEquals("2:05", Numbers.clock(125));
        assertEquals("2.5", Numbers.exact(new BigDecimal("2.50")));
        assertEquals("1,234,567.5", Numbers.pattern("#,##0.#").format(1234567.5));
    }

    @Test
    void aFractionGivenToASentenceAsItIsReadsInTheSentencesLanguage() {
        assertEquals("die Sekunden müssen zwischen 0,02 und 60 liegen", Messages.of(Locale.GERMAN).get("privilege.session.seconds", 0.02, 60));
        assertEquals("seconds must be from 0.1 to 60", Messages.of(Locale.ENGLISH).get("privilege.session.seconds", 0.1, 60));
        assertEquals("1,5", Numbers.trimmed(1.5, 3, Messages.of(Locale.GERMAN)));
    }
}
