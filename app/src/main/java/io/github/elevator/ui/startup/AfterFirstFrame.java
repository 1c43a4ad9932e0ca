package io.github.elevator.ui.startup;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;

/**
 * Builds the parts of a window that can wait until its first frame is on screen: a window
 * appears sooner when its first frame holds only what the user looks at first.
 */
public final class AfterFirstFrame {
    private AfterFirstFrame() {
    }

    /**
     * Runs {@code work} on the JavaFX thread once the first frame of the scene that {@code node}
     * is in (or gets into) has been drawn. The first pulse lays that frame out; the renderer
     * draws it on its own thread and then queues the copy to the window behind whatever already
     * waits on the JavaFX thread. The second pulse waits for that drawing to finish, so work
     * queued at the second pulse and queued once more from there comes after the copy.
     */
    public static void run(Node node, Runnable work) {
        if (node.getScene() != null) {
            afterSecondPulse(work);
            return;
        }
        node.sceneProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Scene> property, Scene old, Scene scene) {
                if (scene == null) return;
                property.removeListener(this);
                afterSecondPulse(work);
            }
        });
    }

    private static void afterSecondPulse(Runnable work) {
        // outside TaskRunner: only a pulse listener sees that a frame was drawn
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses < 2) return;
                stop();
                Platform.runLater(() -> Platform.runLater(work));
            }
        }.start();
    }
}
