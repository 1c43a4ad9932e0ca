package io.github.elevator.rules;

/** Input echoed in a message: quoted, on one line, and short. */
final class Shown {
    private Shown() {
    }

    static String quoted(String s) {
        StringBuilder b = new StringBuilder("'");
        int shown = Math.min(s.length(), 64);
        for (int i = 0; i < shown; i++) {
            char c = s.charAt(i);
            b.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (s.length() > shown) b.append('…');
        return b.append('\'').toString();
    }
}
