package io.github.elevator.text;

import java.util.List;

/**
 * Parts of messages joined into one sentence, with the joining words and marks of the reader's
 * language (the bundle's, so that a translation can put its own): lists, clauses, sentences; and a
 * part that began a sentence of its own does not begin with a capital inside another.
 */
public final class Sentences {
    private Sentences() {
    }

    /**
     * "The helper failed (exit 137)" as the part after a colon: "the helper failed (exit 137)". Only in
     * a language that lowers it (the bundle's {@code text.lower-after-colon}): German keeps its nouns'
     * capitals, and a whole sentence after a colon begins with one.
     */
    public static String lowerFirst(String s) {
        return lowerFirst(Messages.current(), s);
    }

    static String lowerFirst(Messages language, String s) {
        if (!language.get("text.lower-after-colon").equals("yes")) return s;
        if (s.isEmpty() || s.length() > 1 && Character.isUpperCase(s.charAt(1))) return s; // "USB", "NVMe" stay as they are
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** "a", "a and b", "a, b and c". */
    public static String list(List<String> names) {
        if (names.size() <= 1) return names.isEmpty() ? "" : names.get(0);
        return Messages.text("text.list.two", commas(names.subList(0, names.size() - 1)), names.get(names.size() - 1));
    }

    /** "a, b, c": every name, without an "and". */
    public static String commas(List<String> names) {
        String joined = names.isEmpty() ? "" : names.get(0);
        for (String next : names.subList(Math.min(1, names.size()), names.size())) joined = Messages.text("text.list.more", joined, next);
        return joined;
    }

    /** Clauses of one sentence, joined with semicolons: "a; b; c". */
    public static String clauses(List<String> parts) {
        String joined = parts.isEmpty() ? "" : parts.get(0);
        for (String next : parts.subList(Math.min(1, parts.size()), parts.size())) joined = Messages.text("text.clauses", joined, next);
        return joined;
    }

    /** Two sentences one after the other; either may be empty. */
    public static String sentences(String first, String second) {
        if (second.isEmpty()) return first;
        return first.isEmpty() ? second : Messages.text("text.sentences", first, second);
    }
}
