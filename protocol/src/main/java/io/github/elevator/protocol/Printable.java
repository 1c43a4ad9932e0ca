package io.github.elevator.protocol;

/** Text from outside (arguments, files, the kernel's answers) made safe to echo: one line, no control characters, short. */
public final class Printable {
    private static final int SHOWN = 64;

    private Printable() {
    }

    /** Control characters (newline, escape, NUL, DEL, C1) become '?'. */
    public static String oneLine(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    /** Input echoed back: quoted, on one line, cut after 64 characters with an ellipsis. */
    public static String quoted(String s) {
        return quoted(s, SHOWN);
    }

    /** The same, cut after {@code shown} characters: for a whole line of a file that a person has to find. */
    public static String quoted(String s, int shown) {
        String head = s.length() > shown ? s.substring(0, shown) : s;
        return "'" + oneLine(head) + (s.length() > shown ? "…" : "") + "'";
    }
}
