package io.github.elevator.ui.startup;

import java.util.Locale;

/**
 * JavaFX's own texts (a dialog's Cancel and OK, a text field's menu) come in the JVM's default
 * language, which is LANG's and not LANGUAGE's: made Elevator's, before the first control loads
 * them. Numbers keep the JVM's format locale.
 */
public final class ControlsLanguage {
    private ControlsLanguage() {
    }

    public static void follow(Locale language) {
        Locale format = Locale.getDefault(Locale.Category.FORMAT);
        Locale.setDefault(language);
        Locale.setDefault(Locale.Category.FORMAT, format);
    }
}
