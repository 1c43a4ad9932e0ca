package io.github.elevator.ui.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The desktop's light or dark preference, read the way GTK applications read it. The first answer
 * wins: {@code ELEVATOR_COLOR_SCHEME} (light or dark); {@code GTK_THEME} (a ":dark" variant or a
 * theme named "...-dark"); GNOME's color-scheme setting ('prefer-dark'); the GTK theme setting;
 * {@code gtk-application-prefer-dark-theme} in GTK 3's settings.ini. Anything else is light.
 */
public enum ColorScheme {
    LIGHT, DARK;

    /** Extra stylesheet on top of elevator.css, or none. */
    public Optional<String> stylesheet() {
        return this == DARK ? Optional.of("elevator-dark.css") : Optional.empty();
    }

    /** What the environment and GTK's settings file say, without asking gsettings: quick enough for any thread. */
    public static ColorScheme fromEnvironment() {
        return detect(System.getenv(), key -> Optional.empty());
    }

    public static ColorScheme detect() {
        var keys = new Object() {
            private Map<String, String> read;

            Optional<String> get(String key) {
                if (read == null) read = gsettings();
                return Optional.ofNullable(read.get(key));
            }
        };
        return detect(System.getenv(), keys::get);
    }

    /** {@code settings} answers a key of org.gnome.desktop.interface, as gsettings prints it. */
    static ColorScheme detect(Map<String, String> env, Function<String, Optional<String>> settings) {
        String forced = env.getOrDefault("ELEVATOR_COLOR_SCHEME", "").strip().toLowerCase(Locale.ROOT);
        if (forced.equals("dark")) return DARK;
        if (forced.equals("light")) return LIGHT;
        String gtkTheme = env.getOrDefault("GTK_THEME", "").strip();
        if (!gtkTheme.isEmpty()) return darkThemeName(gtkTheme) ? DARK : LIGHT;
        Optional<String> scheme = settings.apply("color-scheme");
        if (scheme.isPresent() && scheme.get().contains("prefer-dark")) return DARK;
        if (scheme.isPresent() && scheme.get().contains("prefer-light")) return LIGHT;
        if (settings.apply("gtk-theme").map(t -> darkThemeName(t.replace("'", ""))).orElse(false)) return DARK;
        return gtkSettingsPreferDark(env) ? DARK : LIGHT;
    }

    private static boolean darkThemeName(String theme) {
        String t = theme.toLowerCase(Locale.ROOT);
        return t.endsWith(":dark") || t.endsWith("-dark");
    }

    private static boolean gtkSettingsPreferDark(Map<String, String> env) {
        String config = env.getOrDefault("XDG_CONFIG_HOME", "");
        Path dir = config.isBlank() ? Path.of(env.getOrDefault("HOME", "/nonexistent"), ".config") : Path.of(config);
        try {
            for (String line : Files.readAllLines(dir.resolve("gtk-3.0/settings.ini"), StandardCharsets.UTF_8)) {
                String l = line.replace(" ", "").toLowerCase(Locale.ROOT);
                if (l.startsWith("gtk-application-prefer-dark-theme=")) {
                    String v = l.substring(l.indexOf('=') + 1);
                    return v.equals("1") || v.equals("true");
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /**
     * Every key of org.gnome.desktop.interface through gsettings (libglib2.0-bin), from one process:
     * a light desktop's color-scheme ('default') says nothing, and asking for its gtk-theme then was
     * a second process on the way to the first frame. Empty where there is no such schema.
     */
    private static Map<String, String> gsettings() {
        return interfaceKeys(run(List.of("gsettings", "list-recursively", "org.gnome.desktop.interface")).orElse(""));
    }

    /** The keys and values (as {@code gsettings get} prints them) in lines of {@code gsettings list-recursively}. */
    static Map<String, String> interfaceKeys(String listed) {
        Map<String, String> keys = new java.util.HashMap<>();
        for (String line : listed.split("\n")) {
            String[] parts = line.strip().split(" ", 3);
            if (parts.length == 3 && parts[0].equals("org.gnome.desktop.interface")) keys.put(parts[1], parts[2]);
        }
        return keys;
    }

    /** What {@code command} prints, if it ends well within two seconds. */
    private static Optional<String> run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            // wait first: a hung gsettings must not hold whoever asks beyond the timeout
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.exitValue() == 0 && !out.isEmpty() ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
