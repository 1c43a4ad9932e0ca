package io.github.elevator.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.List;

/**
 * How the benchmark's texts join their parts and write their numbers in the reader's language:
 * the joining words and marks are the bundle's, so that a translation can put its own.
 */
public final class Phrasing {
    private Phrasing() {
    }

    /** "a", "a and b", "a, b and c". */
    public static String list(List<String> names) {
        if (names.size() <= 1) return names.isEmpty() ? "" : names.get(0);
        return Messages.text("bench.list.two", commas(names.subList(0, names.size() - 1)), names.get(names.size() - 1));
    }

    /** "a, b, c": every name, without an "and". */
    public static String commas(List<String> names) {
        String joined = names.isEmpty() ? "" : names.get(0);
        for (String next : names.subList(Math.min(1, names.size()), names.size())) joined = Messages.text("bench.list.more", joined, next);
        return joined;
    }

    /** Clauses of one sentence, joined with semicolons: "a; b; c". */
    public static String clauses(List<String> parts) {
        String joined = parts.isEmpty() ? "" : parts.get(0);
        for (String next : parts.subList(Math.min(1, parts.size()), parts.size())) joined = Messages.text("bench.clauses", joined, next);
        return joined;
    }

    /** Two sentences one after the other; either may be empty. */
    public static String sentences(String first, String second) {
        if (second.isEmpty()) return first;
        return first.isEmpty() ? second : Messages.text("bench.sentences", first, second);
    }

    /** A number formatted with {@code Locale.ROOT}, with the reader's marks put in ({@link Numbers#local}). */
    public static String number(String rootFormatted) {
        return Numbers.local(rootFormatted);
    }
}
