package io.github.elevator.text;

/** Parts of messages joined into one sentence: a part that began a sentence of its own does not begin with a capital inside another. */
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
}
