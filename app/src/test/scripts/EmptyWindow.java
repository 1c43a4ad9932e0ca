import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.paint.Color;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The empty-window twin of Elevator's window, for startup-bench.sh -t: a JavaFX window titled
 * Elevator, of the size Elevator's opens with, that holds nothing but a plain grey fill (the bench
 * waits for a pixel that is not white). What Elevator's start costs beyond this is Elevator's own.
 * It renders as Elevator's Launcher chooses to (software where there is no GPU device), and runs
 * with the runtime, JVM options and class path of the launcher it is the twin of (empty-window.sh).
 */
public final class EmptyWindow {
    private EmptyWindow() {
    }

    public static void main(String[] args) {
        boolean gpu = Files.exists(Path.of("/dev/dri")) || Files.exists(Path.of("/dev/nvidia0"));
        if (!gpu && System.getProperty("prism.order") == null) System.setProperty("prism.order", "sw");
        Application.launch(Window.class, args);
    }

    /** Separate from the main class: an Application cannot be the entry point on the class path. */
    public static final class Window extends Application {
        @Override
        public void start(Stage stage) {
            Rectangle2D screen = Screen.getPrimary().getVisualBounds();
            // ElevatorApp.defaultWidth and defaultHeight
            double width = Math.min(screen.getWidth(), Math.max(1366, Math.round(screen.getWidth() * 0.55)));
            double height = Math.min(screen.getHeight() - 40, Math.max(800, Math.round(screen.getHeight() * 0.6)));
            stage.setTitle("Elevator");
            stage.setScene(new Scene(new Group(), width, height, Color.rgb(0xf4, 0xf4, 0xf4)));
            stage.show();
        }
    }
}
