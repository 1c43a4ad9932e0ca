package io.github.elevator.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * Every number a person reads, in the reader's language: the decimal mark and the thousands
 * separator are those of the messages' bundle ("1,563.5" in English, "1.563,5" in German), so a
 * number never speaks another language than the sentence around it. What programs read (JSON, CSV,
 * the rules file) stays in {@code Locale.ROOT} and never comes here.
 */
public final class Numbers {
    private Numbers() {
    }

    /** A count or a figure without decimals, grouped: "44,104". */
    public static String whole(double value) {
        return fixed(value, 0);
    }

    /** A figure with exactly {@code decimals} decimals, grouped: "1,563.5". */
    public static String fixed(double value, int decimals) {
        return format(value, decimals, decimals);
    }

    /** A figure with up to {@code decimals} decimals, none written when they are zero: "3", "3.5". */
    public static String trimmed(double value, int decimals) {
        return format(value, 0, decimals);
    }

    /** The same in the language of {@code language}, for the messages of a language other than the desktop's. */
    static String trimmed(double value, int decimals, Messages language) {
        return format(value, 0, decimals, language);
    }

    /** A typed figure with every digit it was typed with, none added: "2.5". */
    public static String exact(BigDecimal value) {
        BigDecimal v = value.stripTrailingZeros();
        return trimmed(v.doubleValue(), Math.max(0, v.scale()));
    }

    /** One figure over another: "0.84". */
    public static String ratio(double ratio) {
        return fixed(ratio, 2);
    }

    /** A fraction as the number of a percentage, its sign dropped: one decimal under 10 %, none above; "3" rather than "3.0". */
    public static String percent(double fraction) {
        double pct = Math.abs(fraction) * 100;
        return trimmed(pct, pct < 9.95 ? 1 : 0);
    }

    /** Seconds as a number: two decimals under 10 s ("0.25"), none above ("12"). */
    public static String seconds(double seconds) {
        return fixed(seconds, seconds < 10 ? 2 : 0);
    }

    /** Whole seconds as a clock of minutes and seconds: "2:05". */
    public static String clock(long seconds) {
        long s = Math.max(0, seconds);
        return (s / 60) + ":" + (s % 60 < 10 ? "0" : "") + (s % 60);
    }

    /** A format of {@link DecimalFormat}'s {@code pattern} ("#,##0.#") with the reader's marks, for what formats numbers itself (a chart's axis). */
    public static NumberFormat pattern(String pattern) {
        DecimalFormat f = new DecimalFormat(pattern, symbols(Messages.current()));
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f;
    }

    private static String format(double value, int fewest, int most) {
        return format(value, fewest, most, Messages.current());
    }

    private static String format(double value, int fewest, int most, Messages language) {
        DecimalFormat f = new DecimalFormat("#,##0", symbols(language));
        f.setMinimumFractionDigits(fewest);
        f.setMaximumFractionDigits(most);
        // as String.format rounds, so a figure reads the same in every language but for its marks
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f.format(value);
    }

    private static DecimalFormatSymbols symbols(Messages language) {
        DecimalFormatSymbols s = DecimalFormatSymbols.getInstance(Locale.ROOT);
        s.setDecimalSeparator(language.get("text.number.decimal-mark").charAt(0));
        s.setGroupingSeparator(language.get("text.number.group-mark").charAt(0));
        return s;
    }
}
