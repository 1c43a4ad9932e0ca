package io.github.elevator.text;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every translation is complete: each English key, in the plural forms its language needs, with
 * the same arguments; and the sources said to be translated hold no sentence of their own.
 */
class TranslationsTest {
    private static final Path BUNDLES = Path.of("src/main/resources/io/github/elevator/text");
    private static final Path SOURCES = Path.of("src/main/java/io/github/elevator");

    /**
     * The source files whose every visible text comes from the bundles; a name ending in "/" is
     * every source under that folder: all of Elevator's window and command line. A literal a
     * person never reads (a CSS rule, a JSON name, a programmer's error) stays on a line that says
     * so: {@code // untranslated: why}.
     */
    private static final List<String> TRANSLATED = List.of(new String[] {
        "Launcher.java",
        "app/",
        "bench/",
        "cli/",
        "device/",
        "privilege/",
        "rules/",
        "text/",
        "ui/",
    });

    private static final String UNTRANSLATED = "// untranslated:";

    /** A string literal with a word of two letters or more beside a space, or a capitalised word: something a person reads. */
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern WORDS = Pattern.compile("[A-Za-z]{2,}[^\"]* [^\"]*[A-Za-z]|^[A-Z][a-z]+");
    private static final Pattern ARGUMENT = Pattern.compile("\\{\\d+}");
    /** What picocli replaces in its help texts (cli*.properties): a line break, an argument, a percent sign, a variable. */
    private static final Pattern HELP_PLACEHOLDER = Pattern.compile("%n|%s|%%|\\$\\{[^}]*}");

    @Test
    void everyTranslationHasEveryKeyInTheFormsItsLanguageNeedsWithTheSameArguments() throws IOException {
        Properties english = load(BUNDLES.resolve("messages.properties"));
        List<Path> translations;
        try (Stream<Path> files = Files.list(BUNDLES)) {
            translations = files.filter(p -> p.getFileName().toString().matches("messages_[a-z]{2,3}(_[A-Z]{2})?\\.properties")).toList();
        }
        assertTrue(!translations.isEmpty(), "at least one translation");
        for (Path file : translations) {
            String tag = file.getFileName().toString().replaceAll("messages_|\\.properties", "");
            Locale locale = Locale.forLanguageTag(tag.replace('_', '-'));
            PluralRule rule = PluralRule.of(locale);
            Properties translated = load(file);
            Set<String> expected = new TreeSet<>();
            for (String key : english.stringPropertyNames()) {
                String base = key.replaceAll("\\.(one|few|many|other)$", "");
                if (base.equals(key)) expected.add(key);
                else rule.categories().forEach(c -> expected.add(base + "." + c));
            }
            assertEquals(expected, new TreeSet<>(translated.stringPropertyNames()), tag + ": the same keys as English, plural forms as " + rule);
            for (String key : expected) {
                String englishKey = english.containsKey(key) ? key : key.replaceAll("\\.[a-z]+$", ".other");
                assertEquals(arguments(english.getProperty(englishKey)), arguments(translated.getProperty(key)), tag + " " + key + ": the same arguments");
                assertTrue(!translated.getProperty(key).isBlank(), tag + " " + key + " is empty");
            }
        }
    }

    @Test
    void noBundleDefinesAKeyTwice() throws IOException {
        List<String> twice = new ArrayList<>();
        try (Stream<Path> files = Files.list(BUNDLES)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".properties")).sorted().toList()) {
                Set<String> seen = new TreeSet<>();
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String s = line.strip();
                    if (s.isEmpty() || s.startsWith("#") || s.startsWith("!") || !s.contains("=")) continue;
                    String key = s.substring(0, s.indexOf('=')).strip();
                    if (!seen.add(key)) twice.add(file.getFileName() + ": " + key);
                }
            }
        }
        assertEquals(List.of(), twice, "a second definition silently replaces the first");
    }

    @Test
    void everyTranslationOfTheCommandLinesHelpHasEveryKeyWithTheSamePlaceholders() throws IOException {
        Properties english = load(BUNDLES.resolve("cli.properties"));
        List<Path> translations;
        try (Stream<Path> files = Files.list(BUNDLES)) {
            translations = files.filter(p -> p.getFileName().toString().matches("cli_[a-z]{2,3}(_[A-Z]{2})?\\.properties")).toList();
        }
        assertTrue(!translations.isEmpty(), "at least one translation of the help");
        for (Path file : translations) {
            String tag = file.getFileName().toString().replaceAll("cli_|\\.properties", "");
            Properties translated = load(file);
            assertEquals(new TreeSet<>(english.stringPropertyNames()), new TreeSet<>(translated.stringPropertyNames()), tag + ": the same keys as cli.properties");
            for (String key : english.stringPropertyNames()) {
                assertEquals(helpPlaceholders(english.getProperty(key)), helpPlaceholders(translated.getProperty(key)), tag + " " + key + ": the same placeholders");
                assertTrue(!translated.getProperty(key).isBlank(), tag + " " + key + " is empty");
            }
        }
    }

    @Test
    void theTranslatedSourcesHoldNoTextOfTheirOwn() throws IOException {
        List<String> found = new ArrayList<>();
        for (String name : translatedSources()) {
            List<String> lines = Files.readAllLines(SOURCES.resolve(name));
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("//") || line.startsWith("*") || line.startsWith("/*") || line.startsWith("import ")) continue;
                if (line.contains(UNTRANSLATED)) continue;
                Matcher m = LITERAL.matcher(line);
                while (m.find()) {
                    if (WORDS.matcher(m.group(1)).find()) found.add(name + ":" + (i + 1) + ": \"" + m.group(1) + "\"");
                }
            }
        }
        assertEquals(List.of(), found, "texts a person reads belong in " + BUNDLES.resolve("messages.properties"));
    }

    @Test
    void everyKeyTheTranslatedSourcesAskForExists() throws IOException {
        Properties english = load(BUNDLES.resolve("messages.properties"));
        Pattern asked = Pattern.compile("Messages\\.(?:text|count)\\(\"([^\"]+)\"");
        for (String name : translatedSources()) {
            Matcher m = asked.matcher(Files.readString(SOURCES.resolve(name)));
            while (m.find()) {
                String key = m.group(1);
                assertTrue(english.containsKey(key) || english.containsKey(key + ".other"), name + " asks for " + key);
            }
        }
        Properties help = load(BUNDLES.resolve("cli.properties"));
        Pattern described = Pattern.compile("descriptionKey = \"([^\"]+)\"|\\$\\{bundle:([^}:]+)");
        for (String name : translatedSources()) {
            Matcher m = described.matcher(Files.readString(SOURCES.resolve(name)));
            while (m.find()) {
                String key = m.group(1) != null ? m.group(1) : m.group(2);
                assertTrue(help.containsKey(key), name + " asks cli.properties for " + key);
            }
        }
    }

    /** The files of {@link #TRANSLATED}, folders expanded, relative to {@link #SOURCES}. */
    private static List<String> translatedSources() throws IOException {
        List<String> names = new ArrayList<>();
        for (String entry : TRANSLATED) {
            if (!entry.endsWith("/")) {
                names.add(entry);
                continue;
            }
            try (Stream<Path> files = Files.walk(SOURCES.resolve(entry))) {
                files.filter(p -> p.toString().endsWith(".java")).map(p -> SOURCES.relativize(p).toString()).sorted().forEach(names::add);
            }
        }
        return names;
    }

    private static Set<String> arguments(String text) {
        Set<String> args = new TreeSet<>();
        Matcher m = ARGUMENT.matcher(text);
        while (m.find()) args.add(m.group());
        return args;
    }

    private static List<String> helpPlaceholders(String text) {
        List<String> found = new ArrayList<>();
        Matcher m = HELP_PLACEHOLDER.matcher(text);
        while (m.find()) found.add(m.group());
        found.sort(null);
        return found;
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }
}
