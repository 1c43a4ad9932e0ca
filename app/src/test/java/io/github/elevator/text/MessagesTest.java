package io.github.elevator.text;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The desktop's language found as gettext finds it, plural forms by CLDR's rules, and arguments put in. */
class MessagesTest {
    @Test
    void theLanguageListComesFirstThenLcAllLcMessagesAndLang() {
        assertEquals(List.of(Locale.GERMAN, new Locale("fr", "FR"), new Locale("nl", "NL"), Locale.ENGLISH),
                DesktopLocale.preferred(Map.of("LANGUAGE", "de:fr_FR", "LANG", "nl_NL.UTF-8")));
        assertEquals(List.of(new Locale("de", "AT"), Locale.ENGLISH),
                DesktopLocale.preferred(Map.of("LC_ALL", "de_AT.UTF-8@euro", "LC_MESSAGES", "fr_FR.UTF-8", "LANG", "nl_NL.UTF-8")));
        assertEquals(List.of(new Locale("fr", "FR"), Locale.ENGLISH), DesktopLocale.preferred(Map.of("LC_MESSAGES", "fr_FR.UTF-8", "LANG", "nl_NL")));
    }

    @Test
    void cPosixAndNothingAreEnglishWhateverLanguageSays() {
        assertEquals(List.of(Locale.ENGLISH), DesktopLocale.preferred(Map.of("LANGUAGE", "de", "LANG", "C.UTF-8")));
        assertEquals(List.of(Locale.ENGLISH), DesktopLocale.preferred(Map.of("LANGUAGE", "de", "LC_ALL", "POSIX")));
        assertEquals(List.of(Locale.ENGLISH), DesktopLocale.preferred(Map.of("LANGUAGE", "de")));
        assertEquals(List.of(Locale.ENGLISH), DesktopLocale.preferred(Map.of("LANG", "no such thing!")));
    }

    @Test
    void pluralCategoriesFollowEachLanguagesRule() {
        PluralRule en = PluralRule.of(Locale.ENGLISH), fr = PluralRule.of(Locale.FRENCH), ru = PluralRule.of(new Locale("ru"));
        PluralRule pl = PluralRule.of(new Locale("pl")), cs = PluralRule.of(new Locale("cs")), ja = PluralRule.of(Locale.JAPANESE);
        assertEquals(List.of("other", "one", "other"), List.of(en.category(0), en.category(1), en.category(2)));
        assertEquals(List.of("one", "one", "other"), List.of(fr.category(0), fr.category(1), fr.category(2)));
        assertEquals(List.of("one", "few", "many", "many", "one", "few", "many"),
                List.of(ru.category(1), ru.category(3), ru.category(5), ru.category(11), ru.category(21), ru.category(22), ru.category(112)));
        assertEquals(List.of("one", "few", "many", "many", "few"), List.of(pl.category(1), pl.category(2), pl.category(12), pl.category(21), pl.category(22)));
        assertEquals(List.of("one", "few", "other"), List.of(cs.category(1), cs.category(4), cs.category(5)));
        assertEquals("other", ja.category(1));
        assertEquals(PluralRule.ONE_OTHER, PluralRule.of(Locale.GERMAN));
    }

    @Test
    void germanHasItsOwnTextsAndEveryOtherLanguageFallsBackToEnglish() {
        assertEquals("Regeln", Messages.of(Locale.GERMAN).get("rules.title"));
        assertEquals("Regeln", Messages.of(new Locale("de", "CH")).get("rules.title"));
        assertEquals("Rules", Messages.of(Locale.ENGLISH).get("rules.title"));
        assertEquals("Rules", Messages.of(new Locale("xx")).get("rules.title"));
    }

    @Test
    void argumentsArePutInAsGivenAndAnApostropheStays() {
        Messages en = Messages.of(Locale.ENGLISH);
        assertEquals("Write /etc/udev/rules.d/60-elevator.rules (asks for authentication)", en.get("rules.save.tip", "/etc/udev/rules.d/60-elevator.rules"));
        assertEquals("No rules: every disk gets the kernel's default scheduler when it appears.", en.get("rules.table.empty"));
        assertThrows(IllegalArgumentException.class, () -> en.get("rules.save.tip"), "an argument the text needs and was not given");
    }

    @Test
    void aCountPicksTheFormOfItsLanguage() {
        String file = "/etc/udev/rules.d/60-elevator.rules";
        Messages en = Messages.of("io.github.elevator.text.plurals", Locale.ENGLISH);
        assertEquals("Saved 1 rule in " + file + ".", en.plural("saved", 1, file));
        assertEquals("Saved 3 rules in " + file + ".", en.plural("saved", 3, file));
        assertEquals("0 Regeln in " + file + " gespeichert.", Messages.of("io.github.elevator.text.plurals", Locale.GERMAN).plural("saved", 0, file));
        Messages ru = Messages.of("io.github.elevator.text.plurals", new Locale("ru"));
        assertEquals(List.of("Сохранено 21 правило в x.", "Сохранено 3 правила в x.", "Сохранено 11 правил в x."),
                List.of(ru.plural("saved", 21, "x"), ru.plural("saved", 3, "x"), ru.plural("saved", 11, "x")));
    }
}
