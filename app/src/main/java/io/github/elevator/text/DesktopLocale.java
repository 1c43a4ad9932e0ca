package io.github.elevator.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The languages the desktop asks for, in gettext's order: {@code LANGUAGE} (a colon-separated
 * list of preferences) unless the locale is C or POSIX, then the first of {@code LC_ALL},
 * {@code LC_MESSAGES} and {@code LANG} that is set. "de_DE.UTF-8@euro" is German of Germany;
 * C, POSIX and nothing at all are English.
 */
public final class DesktopLocale {
    private DesktopLocale() {
    }

    /** The preferred locales, most wanted first; English at the end, always. */
    public static List<Locale> preferred(Map<String, String> env) {
        String locale = first(env, "LC_ALL", "LC_MESSAGES", "LANG");
        List<Locale> wanted = new ArrayList<>();
        boolean plain = locale == null || locale.equals("C") || locale.startsWith("C.") || locale.equals("POSIX");
        String list = env.get("LANGUAGE");
        if (!plain && list != null) {
            for (String one : list.split(":")) {
                Locale l = parse(one);
                if (l != null) wanted.add(l);
            }
        }
        if (!plain) {
            Locale l = parse(locale);
            if (l != null) wanted.add(l);
        }
        wanted.add(Locale.ENGLISH);
        return wanted;
    }

    private static String first(Map<String, String> env, String... names) {
        for (String n : names) {
            String v = env.get(n);
            if (v != null && !v.isEmpty()) return v;
        }
        return null;
    }

    /** "de_DE.UTF-8@euro" → de_DE; null for what is not a locale name. */
    static Locale parse(String name) {
        String s = name.strip();
        int cut = s.length();
        for (char c : new char[] {'.', '@'}) {
            int i = s.indexOf(c);
            if (i >= 0) cut = Math.min(cut, i);
        }
        s = s.substring(0, cut);
        String[] parts = s.split("_", 2);
        if (!parts[0].matches("[a-z]{2,3}")) return null;
        if (parts.length == 2 && parts[1].matches("[A-Z]{2}")) return new Locale(parts[0], parts[1]);
        return new Locale(parts[0]);
    }
}
