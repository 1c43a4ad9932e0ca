package io.github.elevator.ui.bench;

import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.Theme;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

import java.awt.Color;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live chart, which paints its own colours, follows its window between light and dark. */
class LiveChartGuiIT extends FxRobot {
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
    void theChartTurnsDarkAndLightWithItsWindow() throws Exception {
        LiveChart chart = new LiveChart();
        Theme theme = new Theme(ColorScheme.LIGHT);
        FxToolkit.setupStage(stage -> {
            stage.setScene(new Scene(new StackPane(chart.node()), 500, 300));
            stage.show();
            theme.coverAllWindows();
        });
        assertEquals(Color.WHITE, chart.chart().getBackgroundPaint());
        interact(() -> theme.set(ColorScheme.DARK));
        Color dark = (Color) chart.chart().getBackgroundPaint();
        assertTrue(dark.getRed() < 64 && dark.getGreen() < 64 && dark.getBlue() < 64, "dark: " + dark);
        interact(() -> theme.set(ColorScheme.LIGHT));
        assertEquals(Color.WHITE, chart.chart().getBackgroundPaint());
    }
}
