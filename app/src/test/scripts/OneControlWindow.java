import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one-control twin of Elevator's window, for startup-bench.sh -t: a JavaFX window titled
 * Elevator, of the size Elevator's opens with, that holds one dropdown where Elevator's first
 * line has its scheduler dropdown in the bench's 1280-pixel screen, so that the bench's clicks
 * open both alike. One control, not none: JavaFX's first control loads and applies its whole
 * stylesheet, which any window a person can use pays for. What Elevator's start costs beyond
 * this is Elevator's own. It renders as Elevator's Launcher chooses to (software where there is
 * no GPU device), and runs with the runtime, JVM options and class path of the launcher it is
 * the twin of (one-control-window.sh).
 */
public final class OneControlWindow {
    /** Where the bench clicks (startup-bench.sh's CLICK_X and CLICK_Y) falls inside this dropdown. */
    private static final double DROPDOWN_X = 1075, DROPDOWN_Y = 112, DROPDOWN_WIDTH = 130;

    private OneControlWindow() {
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
            ComboBox<String> dropdown = new ComboBox<>();
            dropdown.getItems().addAll("none", "mq-deadline", "kyber", "bfq");
            dropdown.getSelectionModel().select(1);
            dropdown.setPrefWidth(DROPDOWN_WIDTH);
            dropdown.relocate(DROPDOWN_X, DROPDOWN_Y);
            stage.setTitle("Elevator");
            stage.setScene(new Scene(new Pane(dropdown), width, height, Color.rgb(0xf4, 0xf4, 0xf4)));
            stage.show();
        }
    }
}
