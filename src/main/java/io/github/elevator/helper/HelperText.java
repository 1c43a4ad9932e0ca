package io.github.elevator.helper;

/** Input echoed in the helper's messages: quoted, on one line, and short. */
final class HelperText {
    private HelperText() {
    }

    static String quote(String s) {
        String shown = s.length() > 64 ? s.substring(0, 64) + "…" : s;
        return "'" + oneLine(shown) + "'";
    }

    static String oneLine(String s) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) b.append(c < 0x20 || c == 0x7f ? '?' : c);
        return b.toString();
    }
}
