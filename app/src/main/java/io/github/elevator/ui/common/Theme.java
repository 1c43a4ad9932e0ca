package io.github.elevator.ui.common;

import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.stage.PopupWindow;
import javafx.stage.Window;

import java.util.List;
import java.util.Objects;

/**
 * Keeps every Elevator window (main window, rules, dialogs) in the desktop's light or dark
 * scheme, also when the desktop changes it while Elevator runs. Popups take the stylesheets of
 * the window they open from, so only the windows themselves are styled.
 */
public final class Theme {
    private static final String BASE_STYLESHEET = stylesheet("elevator.css");
    private static final String DARK_STYLESHEET = stylesheet(ColorScheme.DARK.stylesheet().orElseThrow());

    private ColorScheme scheme;

    public Theme(ColorScheme scheme) {
        this.scheme = scheme;
    }

    /** Styles the windows that are open, and from now on each window as it opens; the answer stops that. */
    public Runnable coverAllWindows() {
        ListChangeListener<Window> opened = change -> {
            while (change.next()) change.getAddedSubList().forEach(this::style);
        };
        Window.getWindows().addListener(opened);
        Window.getWindows().forEach(this::style);
        return () -> Window.getWindows().removeListener(opened);
    }

    /** Switches every open window to {@code now}. */
    public void set(ColorScheme now) {
        if (now == scheme) return;
        scheme = now;
        Window.getWindows().forEach(this::style);
    }

    /** Whether a scene with these stylesheets is dark: the one place that tells, for what paints itself. */
    public static boolean isDark(List<? extends String> stylesheets) {
        return stylesheets.contains(DARK_STYLESHEET);
    }

    /** Gives {@code scene} Elevator's look (dialogs too) and the current scheme's stylesheet, and drops the other one's. */
    public void style(Scene scene) {
        if (!scene.getStylesheets().contains(BASE_STYLESHEET)) scene.getStylesheets().add(0, BASE_STYLESHEET);
        boolean dark = isDark(scene.getStylesheets());
        if (scheme == ColorScheme.DARK && !dark) scene.getStylesheets().add(DARK_STYLESHEET);
        if (scheme != ColorScheme.DARK && dark) scene.getStylesheets().remove(DARK_STYLESHEET);
    }

    /** The address of one of the window's stylesheets (elevator.css and its dark variant, in {@code io/github/elevator/ui}). */
    public static String stylesheet(String name) {
        String path = "/io/github/elevator/ui/" + name;
        return Objects.requireNonNull(Theme.class.getResource(path), name).toExternalForm();
    }

    private void style(Window window) {
        if (!(window instanceof PopupWindow) && window.getScene() != null) style(window.getScene());
    }
}
