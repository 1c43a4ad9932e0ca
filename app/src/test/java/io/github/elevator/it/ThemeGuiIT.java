package io.github.elevator.it;

import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.Theme;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Real windows in a real X server following a change of the desktop's scheme. */
class ThemeGuiIT extends FxRobot {
    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void everyWindowFollowsTheSchemeAlsoThoseOpenedLater() throws Exception {
        Theme theme = new Theme(ColorScheme.LIGHT);
        Stage first = FxToolkit.setupStage(stage -> {
            stage.setScene(new Scene(new Label("main"), 200, 100));
            stage.show();
        });
        interact(theme::coverAllWindows);
        assertEquals(List.of(), darkSheets(first));

        interact(() -> theme.set(ColorScheme.DARK));
        assertEquals(List.of(THEME_DARK), darkSheets(first), "an open window turns dark");

        AtomicReference<Stage> later = new AtomicReference<>();
        interact(() -> {
            Stage rules = new Stage();
            rules.setScene(new Scene(new Label("rules"), 200, 100));
            rules.show();
            later.set(rules);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(THEME_DARK), darkSheets(later.get()), "a window opened later is dark too");

        interact(() -> theme.set(ColorScheme.LIGHT));
        assertEquals(List.of(), darkSheets(first), "and both turn light again");
        assertEquals(List.of(), darkSheets(later.get()));
        interact(later.get()::close);
    }

    private static final String THEME_DARK = "elevator-dark.css";

    private static List<String> darkSheets(Stage stage) {
        return stage.getScene().getStylesheets().stream().filter(s -> s.endsWith("/" + THEME_DARK))
                .map(s -> s.substring(s.lastIndexOf('/') + 1)).toList();
    }
}
