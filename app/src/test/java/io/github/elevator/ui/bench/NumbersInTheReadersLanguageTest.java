package io.github.elevator.ui.bench;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: every number a person reads is written in the reader's language. Each one the window,
 * the verdicts and the command line show ({@link ShownNumbers}) is made in a German and in an
 * English JVM; a German text holding an English thousands separator or decimal mark ("1,563",
 * "12.3") fails, and the other way round, and each number reads the same in both but for its
 * marks. What programs read (the report's JSON, the CSV export) stays in {@code Locale.ROOT}: the
 * same bytes in either language.
 */
class NumbersInTheReadersLanguageTest {
    /** A number with a mark inside: "1,563.4", "12.3", "1.563". */
    private static final Pattern MARKED = Pattern.compile("(?<![\\d.,])\\d+(?:[.,]\\d+)+");
    private static final Pattern ENGLISH_GROUP = Pattern.compile("\\d,\\d{3}(?!\\d)"), ENGLISH_DECIMAL = Pattern.compile("\\d\\.\\d{1,2}(?!\\d)");
    private static final Pattern GERMAN_GROUP = Pattern.compile("\\d\\.\\d{3}(?!\\d)"), GERMAN_DECIMAL = Pattern.compile("\\d,\\d{1,2}(?!\\d)");
    /** Shown texts with no number that needs a mark: a clock, and the sweep's answer in a sentence of names. */
    private static final Set<String> UNMARKED = Set.of("progress", "sweep.overall");

    private static JsonObject german, english;

    @BeforeAll
    static void madeInBothLanguages() throws Exception {
        german = madeIn("de");
        english = madeIn("en");
    }

    @Test
    void aGermanTextHoldsNoEnglishMarkAndAnEnglishTextNoGermanOne() {
        List<String> wrong = new ArrayList<>();
        shown(german).forEach((where, text) -> {
            wrong.addAll(found(ENGLISH_GROUP, "de " + where + ": English thousands separator", text));
            wrong.addAll(found(ENGLISH_DECIMAL, "de " + where + ": English decimal mark", text));
        });
        shown(english).forEach((where, text) -> {
            wrong.addAll(found(GERMAN_GROUP, "en " + where + ": German thousands separator", text));
            wrong.addAll(found(GERMAN_DECIMAL, "en " + where + ": German decimal mark", text));
        });
        assertTrue(wrong.isEmpty(), () -> String.join("\n", wrong));
    }

    @Test
    void eachNumberReadsTheSameInBothLanguagesButForItsMarks() {
        Map<String, String> de = shown(german), en = shown(english);
        assertEquals(en.keySet(), de.keySet());
        Set<String> unmarked = new TreeSet<>();
        en.forEach((where, text) -> {
            List<String> english1 = marked(text), german1 = marked(de.get(where));
            if (english1.isEmpty()) unmarked.add(where);
            assertEquals(english1.stream().map(NumbersInTheReadersLanguageTest::swapped).sorted().toList(), german1.stream().sorted().toList(),
                    () -> where + ":\n" + text + "\n" + de.get(where));
        });
        assertEquals(UNMARKED, unmarked, "the texts that show no number with a mark, so the test would not see a wrong one");
    }

    @Test
    void theTilesSayWhatTheIssueSawWrong() {
        Map<String, String> de = shown(german), en = shown(english);
        assertEquals("1.563 MiB/s", de.get("tile.seq-read.mibps"));
        assertEquals("1,563 MiB/s", en.get("tile.seq-read.mibps"));
        assertEquals("44.105 IOPS", de.get("tile.seq-read.iops"));
        assertEquals("p99 8.847 µs", de.get("tile.seq-read.p99"));
        assertEquals("p99 22,4 ms", de.get("tile.rand-read.p99"));
        assertEquals("57,3 MiB/s", de.get("tile.rand-read.mibps"));
        assertEquals("1.234.567,5 -2,5", de.get("chart-axis #,##0.#"));
        assertEquals("1,234,567.5 -2.5", en.get("chart-axis #,##0.#"));
        assertEquals("2,5", de.get("margin"));
    }

    @Test
    void theWritePlanSaysReadUnderWritesTotalAndWhatItWritesAtATime() {
        Map<String, String> de = shown(german), en = shown(english);
        assertEquals("read-under-write writes at most 8.00 GiB in all, about 256 MiB at a time, in a private folder on /home/alex,"
                + " removed afterwards.", en.get("write-plan"));
        assertEquals("read-under-write schreibt insgesamt höchstens 8,00 GiB, etwa 256 MiB auf einmal, in einen privaten Ordner auf"
                + " /home/alex, der danach entfernt wird.", de.get("write-plan"));
        assertTrue(en.get("write-plan.several").endsWith("removed afterwards. read-under-write writes at most 8.00 GiB in all."),
                en.get("write-plan.several"));
        assertTrue(de.get("write-plan.several").endsWith("der danach entfernt wird. read-under-write schreibt insgesamt höchstens 8,00 GiB."),
                de.get("write-plan.several"));
    }

    @Test
    void whatProgramsReadStaysInTheRootLocale() {
        JsonObject de = german.getAsJsonObject("machine"), en = english.getAsJsonObject("machine");
        assertEquals(figures(en.get("json").getAsString()), figures(de.get("json").getAsString()), "the report's JSON, whatever the language");
        assertEquals(en.get("csv").getAsString(), de.get("csv").getAsString(), "the CSV export, whatever the language");
        String csv = de.get("csv").getAsString();
        assertTrue(Pattern.compile(",1563\\.\\d{3},").matcher(csv).find() && !csv.contains("1.563,"), csv);
    }

    /** A report's JSON without its sentence for people ({@code why}, in the reader's language). */
    private static JsonObject figures(String json) {
        JsonObject o = JsonParser.parseString(json).getAsJsonObject();
        o.remove("why");
        return o;
    }

    private static JsonObject madeIn(String language) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Delevator.language=" + language, "-cp", System.getProperty("java.class.path"),
                ShownNumbers.class.getName()).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, () -> language + ": " + out + err);
        return JsonParser.parseString(out).getAsJsonObject();
    }

    private static Map<String, String> shown(JsonObject made) {
        Map<String, String> m = new TreeMap<>();
        made.getAsJsonObject("shown").entrySet().forEach(e -> m.put(e.getKey(), e.getValue().getAsString()));
        return m;
    }

    private static List<String> found(Pattern p, String what, String text) {
        List<String> hits = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            int line = text.lastIndexOf('\n', m.start()) + 1, end = text.indexOf('\n', m.end());
            hits.add(what + " in \"" + text.substring(line, end < 0 ? text.length() : end).strip() + "\"");
        }
        return hits;
    }

    private static List<String> marked(String text) {
        List<String> numbers = new ArrayList<>();
        Matcher m = MARKED.matcher(text);
        while (m.find()) numbers.add(m.group());
        return numbers;
    }

    private static String swapped(String number) {
        return number.replace('.', '\u0000').replace(',', '.').replace('\u0000', ',');
    }
}
