package io.github.elevator.ui.devices;

import io.github.elevator.ui.DemoWindow;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real window over the workstation fixture with one device's details in view, for looking at
 * them without root: {@code DetailsPaneDemo DEVICE stack|tunables|refused|defaults [WIDTH HEIGHT]}. The
 * divider is dragged down as far as the benchmark panel lets it, and the details scroll to the
 * section named; "refused"
 * types a value out of range into the first setting and presses Enter; "defaults" presses Kernel defaults. Nothing is ever sent: the
 * helper is /bin/false. ELEVATOR_COLOR_SCHEME=dark for dark. Test sources only.
 */
public final class DetailsPaneDemo {
    private DetailsPaneDemo() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) throws Exception {
            var raw = getParameters().getRaw();
            String device = raw.isEmpty() ? "sda" : raw.get(0);
            String section = raw.size() > 1 ? raw.get(1) : "tunables";
            int width = raw.size() > 3 ? Integer.parseInt(raw.get(2)) : 1366;
            int height = raw.size() > 3 ? Integer.parseInt(raw.get(3)) : 768;
            Path scratch = Files.createTempDirectory("elevator-demo");
            scratch.toFile().deleteOnExit();
            DemoWindow.show(stage, scratch, width, height);
            // steps taken when the window is ready for them, however slow the machine: list, details,
            // their layout (checked, not timed: a late pulse runs several of these frames at once)
            javafx.animation.Timeline poll = new javafx.animation.Timeline();
            int[] step = {0};
            poll.getKeyFrames().add(new javafx.animation.KeyFrame(Duration.millis(250), e -> {
                var scene = stage.getScene();
                DeviceTable table = (DeviceTable) scene.lookup("#devices");
                Node title = scene.lookup("#details-title");
                if (step[0] == 0 && table != null && title != null && table.rows().stream().anyMatch(r -> r.name().equals(device))) {
                    table.rows().stream().filter(r -> r.name().equals(device)).findFirst().ifPresent(table::select);
                    step[0] = 1;
                } else if (step[0] == 1 && scene.lookup("#benchmark") != null) {
                    // the divider dragged down as far as the benchmark panel lets it, as someone tuning would
                    if (((javafx.scene.layout.BorderPane) scene.getRoot()).getCenter() instanceof javafx.scene.control.SplitPane split) {
                        split.setDividerPositions(0.9);
                    }
                    step[0] = 2;
                } else if (step[0] == 2 && laidOut(scene, device)) {
                    show(stage, section);
                    step[0] = 3;
                } else if (step[0] == 3 && laidOut(scene, device)) {
                    System.out.println("READY");
                    poll.stop();
                }
            }));
            poll.setCycleCount(javafx.animation.Animation.INDEFINITE);
            poll.play();
        }

        /** The details show the device, and their layout has been done since. */
        private static boolean laidOut(javafx.scene.Scene scene, String device) {
            javafx.scene.control.Label title = (javafx.scene.control.Label) scene.lookup("#details-title");
            Node tunables = scene.lookup("#details-tunables");
            return (title.getText().equals(device) || title.getText().startsWith(device + " ")) && tunables.getLayoutY() > 0 && !title.isNeedsLayout()
                    && tunables.getParent().getBoundsInLocal().getHeight() > 0;
        }

        /** Scrolls the details so the section's top is at the top of the pane. */
        private static void show(Stage stage, String section) {
            ScrollPane details = (ScrollPane) stage.getScene().lookup("#details");
            Node target = stage.getScene().lookup(section.equals("stack") ? "#details-stack" : "#details-tunables");
            if (!section.equals("stack")) {
                // the settings are folded until opened, as a person opens them
                ((javafx.scene.control.ToggleButton) target.lookup("#tunables-open")).setSelected(true);
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
            }
            if (section.equals("defaults")) ((javafx.scene.control.Button) target.lookup("#kernel-defaults")).fire();
            if (section.equals("refused")) {
                TextField first = (TextField) target.lookup(".text-field");
                first.requestFocus();
                first.setText("70000");
                first.fireEvent(new javafx.event.ActionEvent());
                first.end();
            }
            double content = details.getContent().getBoundsInLocal().getHeight();
            double view = details.getViewportBounds().getHeight();
            double top = details.getContent().sceneToLocal(target.localToScene(0, 0)).getY() - 4;
            // the stack: only as far down as it takes to see all of it; the tunables: from their heading
            double scroll = section.equals("stack") ? top + target.getBoundsInLocal().getHeight() + 8 - view : top;
            if (content > view) details.setVvalue(Math.min(1, Math.max(0, scroll / (content - view))));
            // the pointer out of the way, so no line shows the hover colour
            new javafx.scene.robot.Robot().mouseMove(stage.getX() + stage.getWidth() - 2, stage.getY() + stage.getHeight() - 2);
        }
    }
}
