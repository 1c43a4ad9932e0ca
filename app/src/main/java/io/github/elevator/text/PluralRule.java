package io.github.elevator.text;

import java.util.List;
import java.util.Locale;

/**
 * Which plural form a count takes in a language (Unicode CLDR's cardinal rules for whole numbers):
 * a translation has one message per category its language uses, under "KEY.one", "KEY.few",
 * "KEY.many" and "KEY.other".
 */
public enum PluralRule {
    /** English, German, Dutch, the Scandinavian languages, Italian, Spanish …: one for 1, other otherwise. */
    ONE_OTHER(List.of("one", "other")),
    /** French, Brazilian Portuguese: one for 0 and 1. */
    ZERO_ONE_OTHER(List.of("one", "other")),
    /** Russian, Ukrainian: one for 1, 21, 31 …; few for 2–4, 22–24 …; many for the rest. */
    EAST_SLAVIC(List.of("one", "few", "many")),
    /** Polish: one for 1 only; few for 2–4, 22–24 … (not 12–14); many for the rest. */
    POLISH(List.of("one", "few", "many")),
    /** Czech, Slovak: one for 1, few for 2–4, other otherwise. */
    CZECH(List.of("one", "few", "other")),
    /** Japanese, Chinese, Korean …: one form for every count. */
    OTHER_ONLY(List.of("other"));

    private final List<String> categories;

    PluralRule(List<String> categories) {
        this.categories = categories;
    }

    public static PluralRule of(Locale locale) {
        return switch (locale.getLanguage()) {
            case "fr" -> ZERO_ONE_OTHER;
            case "pt" -> "PT".equals(locale.getCountry()) ? ONE_OTHER : ZERO_ONE_OTHER;
            case "ru", "uk", "be" -> EAST_SLAVIC;
            case "pl" -> POLISH;
            case "cs", "sk" -> CZECH;
            case "ja", "zh", "ko", "th", "vi", "id" -> OTHER_ONLY;
            default -> ONE_OTHER;
        };
    }

    /** The categories a translation into this language needs, each as a key suffix. */
    public List<String> categories() {
        return categories;
    }

    /** The category of a count. */
    public String category(long n) {
        long abs = Math.abs(n), ten = abs % 10, hundred = abs % 100;
        return switch (this) {
            case ONE_OTHER -> abs == 1 ? "one" : "other";
            case ZERO_ONE_OTHER -> abs <= 1 ? "one" : "other";
            case EAST_SLAVIC -> ten == 1 && hundred != 11 ? "one" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "few" : "many";
            case POLISH -> abs == 1 ? "one" : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? "few" : "many";
            case CZECH -> abs == 1 ? "one" : abs >= 2 && abs <= 4 ? "few" : "other";
            case OTHER_ONLY -> "other";
        };
    }
}
