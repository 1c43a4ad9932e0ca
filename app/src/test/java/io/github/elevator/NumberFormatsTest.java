package io.github.elevator;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 31: a number a person reads is written by {@code text/Numbers} in the reader's language.
 * A format with decimals or grouping ({@code "%.1f"}, {@code "%,d"}) or a {@code java.text} number
 * format made anywhere else writes the marks of one language for everyone; the machine formats
 * that must do so are listed here, each with its reason. A chart's number axis is given
 * a format of {@code Numbers}, or JFreeChart writes the JVM's marks.
 */
class NumberFormatsTest {
    /** A decimal, scientific or grouped conversion in a string literal, or a number format of java.text. */
    private static final Pattern FORMAT = Pattern.compile("\"[^\"\\n]*%[-#+0,(]*\\d*(\\.\\d+)?[fFeEgGaA][^\"\\n]*\"|\"[^\"\\n]*%[-#+0(]*,[-#+0(]*\\d*d"
            + "|new DecimalFormat\\(|NumberFormat\\.get\\w*Instance|DecimalFormatSymbols\\.getInstance");

    private static final Path ROOT = Path.of("src/main/java/io/github/elevator");

    /** The formatter itself, the one place the reader's marks are put into a format. */
    private static final String FORMATTER = "text/Numbers.java";

    /** Each machine format as written, by file, with why it is not in the reader's language. */
    private static final Map<String, String> MACHINE = Map.of(
            "bench/report/BenchmarkReport.java: \"%.3f\"", "the CSV export: spreadsheets and scripts read it, in Locale.ROOT");

    @Test
    void numbersForPeopleAreFormattedOnlyByNumbers() throws IOException {
        Set<String> found = new TreeSet<>();
        for (Path f : sources()) {
            if (name(f).equals(FORMATTER)) continue;
            Matcher m = FORMAT.matcher(code(Files.readString(f)));
            while (m.find()) found.add(name(f) + ": " + m.group());
        }
        // a number for people goes through text/Numbers; a new machine format is listed with its reason
        assertEquals(new TreeSet<>(MACHINE.keySet()), found, "number formats outside " + FORMATTER);
    }

    @Test
    void everyNumberAxisOfAChartIsGivenTheReadersFormat() throws IOException {
        Map<String, Integer> axes = new TreeMap<>(), formatted = new TreeMap<>();
        for (Path f : sources()) {
            String code = code(Files.readString(f));
            int n = count(Pattern.compile("new NumberAxis\\("), code);
            if (n == 0) continue;
            axes.put(name(f), n);
            formatted.put(name(f), count(Pattern.compile("\\.setNumberFormatOverride\\(Numbers\\.pattern\\("), code));
        }
        assertEquals(3, axes.size(), "the live chart, the race chart and the comparison chart: " + axes);
        assertEquals(axes, formatted, "axes made, and axes given a format of Numbers, per file");
    }

    private static Iterable<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    private static String name(Path f) {
        return ROOT.relativize(f).toString().replace('\\', '/');
    }

    /** The source without its comments, whose examples ("12 % faster") are no formats; string and char literals kept whole. */
    private static String code(String source) {
        StringBuilder code = new StringBuilder(source.length());
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '/' && source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = (end < 0 ? source.length() : end) - 1;
            } else if (c == '/' && source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = (end < 0 ? source.length() : end + 2) - 1;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < source.length() && source.charAt(end) != c) end += source.charAt(end) == '\\' ? 2 : 1;
                code.append(source, i, Math.min(end + 1, source.length()));
                i = end;
            } else {
                code.append(c);
            }
        }
        return code.toString();
    }

    private static int count(Pattern p, String code) {
        Matcher m = p.matcher(code);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
