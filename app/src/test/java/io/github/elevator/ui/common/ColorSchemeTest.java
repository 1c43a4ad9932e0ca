package io.github.elevator.ui.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static io.github.elevator.ui.common.ColorScheme.DARK;
import static io.github.elevator.ui.common.ColorScheme.LIGHT;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ColorSchemeTest {
    @TempDir
    Path home;

    /** gsettings as it answers on a GNOME desktop: values in single quotes. */
    private static Function<String, Optional<String>> gnome(String colorScheme, String gtkTheme) {
        return key -> Optional.ofNullable(Map.of("color-scheme", colorScheme, "gtk-theme", gtkTheme).get(key));
    }

    private static final Function<String, Optional<String>> NO_GSETTINGS = key -> Optional.empty();

    @Test
    void oneListOfTheInterfaceSettingsAnswersEveryKey() {
        Map<String, String> keys = ColorScheme.interfaceKeys("""
                org.gnome.desktop.interface color-scheme 'prefer-dark'
                org.gnome.desktop.interface font-name 'Cantarell 11'
                org.gnome.desktop.interface gtk-theme 'Adwaita'
                """);
        assertEquals("'prefer-dark'", keys.get("color-scheme"));
        assertEquals("'Cantarell 11'", keys.get("font-name"));
        assertEquals(DARK, ColorScheme.detect(Map.of(), key -> java.util.Optional.ofNullable(keys.get(key))));
        assertEquals(Map.of(), ColorScheme.interfaceKeys(""));
    }

    @Test
    void gnomesPreferDarkMakesItDark() {
        assertEquals(DARK, ColorScheme.detect(Map.of(), gnome("'prefer-dark'", "'Adwaita'")));
        assertEquals(LIGHT, ColorScheme.detect(Map.of(), gnome("'default'", "'Adwaita'")));
        assertEquals(LIGHT, ColorScheme.detect(Map.of(), gnome("'prefer-light'", "'Adwaita-dark'")));
    }

    @Test
    void aDarkGtkThemeMakesItDark() {
        assertEquals(DARK, ColorScheme.detect(Map.of(), gnome("'default'", "'Adwaita-dark'")));
        assertEquals(DARK, ColorScheme.detect(Map.of("GTK_THEME", "Adwaita:dark"), gnome("'prefer-light'", "'Adwaita'")));
        assertEquals(LIGHT, ColorScheme.detect(Map.of("GTK_THEME", "Adwaita"), gnome("'prefer-dark'", "'Adwaita'")));
    }

    @Test
    void theEnvironmentOverrideWinsOverEverything() {
        assertEquals(LIGHT, ColorScheme.detect(Map.of("ELEVATOR_COLOR_SCHEME", "light", "GTK_THEME", "Adwaita:dark"), NO_GSETTINGS));
        assertEquals(DARK, ColorScheme.detect(Map.of("ELEVATOR_COLOR_SCHEME", "Dark"), gnome("'prefer-light'", "'Adwaita'")));
    }

    @Test
    void gtkSettingsIniIsTheLastWord() throws IOException {
        Map<String, String> env = Map.of("HOME", home.toString());
        assertEquals(LIGHT, ColorScheme.detect(env, NO_GSETTINGS));
        Files.createDirectories(home.resolve(".config/gtk-3.0"));
        Files.writeString(home.resolve(".config/gtk-3.0/settings.ini"), "[Settings]\ngtk-application-prefer-dark-theme = true\n");
        assertEquals(DARK, ColorScheme.detect(env, NO_GSETTINGS));
        assertEquals(DARK, ColorScheme.detect(env, gnome("'default'", "'Adwaita'")));
    }

    @Test
    void onlyDarkHasAnExtraStylesheetAndItExists() {
        assertEquals(Optional.empty(), LIGHT.stylesheet());
        assertEquals(Optional.of("elevator-dark.css"), DARK.stylesheet());
        assertEquals(true, ColorScheme.class.getResource("/io/github/elevator/ui/" + DARK.stylesheet().get()) != null);
    }
}
