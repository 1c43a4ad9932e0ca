package io.github.elevator.rules;

import java.util.regex.Pattern;

/**
 * udev's match patterns: shell globs ({@code *}, {@code ?}, {@code [a-z]}, {@code [!0-9]}) with
 * {@code |} between alternatives, as in {@code KERNEL=="sd*[!0-9]|mmcblk*[0-9]"}.
 */
final class UdevGlob {
    private UdevGlob() {
    }

    static boolean matches(String patterns, String value) {
        if (value == null) return false;
        for (String alternative : patterns.split("\\|", -1)) {
            if (regex(alternative).matcher(value).matches()) return true;
        }
        return false;
    }

    private static Pattern regex(String glob) {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                r.append(".*");
            } else if (c == '?') {
                r.append('.');
            } else if (c == '[' && glob.indexOf(']', i + 2) > 0) {
                int end = glob.indexOf(']', i + 2); // a ']' right after '[' or '[!' belongs to the set
                String set = glob.substring(i + 1, end);
                boolean negated = set.startsWith("!");
                if (negated) set = set.substring(1);
                r.append('[').append(negated ? "^" : "");
                for (char s : set.toCharArray()) {
                    if (!Character.isLetterOrDigit(s) && s != '-') r.append('\\');
                    r.append(s);
                }
                r.append(']');
                i = end;
            } else {
                r.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(r.toString(), Pattern.DOTALL);
    }
}
