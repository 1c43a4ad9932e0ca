package io.github.elevator.ui.startup;

import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.testing.XServer;
import javafx.animation.KeyFrame;
import javafx.animation.KeyValue;
import javafx.animation.Timeline;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * In a real X server (GTK): the window's pulse timer rests while nothing moves, and whatever needs a
 * frame still gets one: a change of a label, a click, an animation.
 */
class PausingPulseTimerGuiIT extends FxRobot {
    private Label label;
    private Button button;
    private final AtomicInteger pressed = new AtomicInteger();
    private final AtomicInteger layouts = new AtomicInteger();

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
        interact(() -> {
            label = new Label("before");
            button = new Button("Press");
        });
        button.setOnAction(e -> pressed.incrementAndGet());
        FxToolkit.setupStage(stage -> {
            Scene scene = new Scene(new VBox(8, label, button), 300, 120);
            scene.addPostLayoutPulseListener(layouts::incrementAndGet);
            stage.setScene(scene);
            stage.show();
        });
        AtomicBoolean installed = new AtomicBoolean();
        interact(() -> installed.set(ElevatorApp.restWhenIdle()));
        assertTrue(installed.get(), "JavaFX's GTK pulse timer is replaced (this test runs JavaFX on GTK)");
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void restsWhenIdleAndWakesForAChangeAClickAndAnAnimation() throws Exception {
        restsSoon("after the window is drawn");

        int before = layouts.get();
        interact(() -> label.setText("a longer text than before"));
        within("the changed label is laid out", () -> layouts.get() > before && label.getWidth() > 100);
        restsSoon("after the label changed");

        clickOn(button);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, pressed.get(), "a click while resting reaches the button");
        restsSoon("after the click");

        SimpleDoubleProperty value = new SimpleDoubleProperty(0);
        AtomicBoolean finished = new AtomicBoolean();
        interact(() -> {
            Timeline timeline = new Timeline(new KeyFrame(Duration.millis(300), new KeyValue(value, 1.0)));
            timeline.setOnFinished(e -> finished.set(true));
            timeline.play();
        });
        within("the animation ends", finished::get);
        assertEquals(1.0, value.get(), "an animation started while resting runs to its end");
        restsSoon("after the animation");
    }

    private static void restsSoon(String when) {
        PausingPulseTimer timer = PausingPulseTimer.installed().orElseThrow();
        // JavaFX asks for the pause after a quarter of a second without anything to draw
        within("the pulse timer rests " + when, () -> !timer.ticking());
    }

    private static void within(String what, java.util.concurrent.Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            fail(what + ": not within 5 s");
        }
    }
}
