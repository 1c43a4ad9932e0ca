package io.github.elevator.ui.rules;

import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.ui.DemoWindow;
import javafx.application.Application;
import javafx.stage.Stage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real window over the workstation fixture with TLP and a distribution's udev rules laid into
 * its root (src/test/fixtures/overriders) and rules for SSDs and USB devices, for looking at how the
 * other setters are shown without root: {@code RulesWindowDemo main|hover|confirm|rules [WIDTH HEIGHT]}. "rules"
 * opens the Rules window over the main one; "main" selects sda, whose rule TLP replaces; "hover" also rests the pointer on its Rule cell; "confirm" presses Use … for every SATA/SAS SSD. Nothing is ever sent: the helper is /bin/false. Test
 * sources only.
 */
public final class RulesWindowDemo {
    private RulesWindowDemo() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) throws Exception {
            var raw = getParameters().getRaw();
            boolean rulesWindow = !raw.isEmpty() && raw.get(0).equals("rules");
            boolean hover = !raw.isEmpty() && raw.get(0).equals("hover");
            boolean confirm = !raw.isEmpty() && raw.get(0).equals("confirm");
            int width = raw.size() > 2 ? Integer.parseInt(raw.get(1)) : 1366;
            int height = raw.size() > 2 ? Integer.parseInt(raw.get(2)) : 768;
            Path root = Files.createTempDirectory("elevator-demo");
            Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
            Fixtures.copy(Fixtures.overriders("vendor-rules"), root);
            Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
            Files.createDirectories(file.getParent());
            Files.writeString(file, ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "mq-deadline"),
                    new Rule(Match.of(Kind.HDD), "kyber"), new Rule(Match.of(Kind.USB), "none")))));
            RulesViewModel rules = DemoWindow.show(stage, root, width, height);
            if (rulesWindow) {
                new RulesWindow(rules).show(stage);
                System.out.println("READY");
                return;
            }
            // the SSD selected once the list and its rule marks are there: its details say what replaces its rule
            javafx.animation.Timeline poll = new javafx.animation.Timeline();
            poll.getKeyFrames().add(new javafx.animation.KeyFrame(javafx.util.Duration.millis(250), e -> {
                if (!(stage.getScene().lookup("#devices") instanceof io.github.elevator.ui.devices.DeviceTable table)) return;
                table.rows().stream().filter(r -> r.name().equals("sda") && r.ruleStatusProperty().get().rule() != null).findFirst()
                        .ifPresent(r -> {
                            table.select(r);
                            if (((javafx.scene.layout.BorderPane) stage.getScene().getRoot()).getCenter() instanceof javafx.scene.control.SplitPane split) {
                                split.setDividerPositions(0.9);
                            }
                            table.setVvalue(1);
                            poll.stop();
                            // the details scrolled to the rule's line once they are laid out in their scroll pane
                            javafx.animation.Timeline scroll = new javafx.animation.Timeline();
                            scroll.getKeyFrames().add(new javafx.animation.KeyFrame(javafx.util.Duration.millis(250), f -> {
                                javafx.scene.Node up = stage.getScene().lookup("#details-rule");
                                while (up != null && !(up instanceof javafx.scene.control.ScrollPane)) up = up.getParent();
                                if (!(up instanceof javafx.scene.control.ScrollPane details) || details.getContent() == null) return;
                                javafx.scene.Node line = stage.getScene().lookup("#details-rule");
                                double content = details.getContent().getBoundsInLocal().getHeight();
                                double view = details.getViewportBounds().getHeight();
                                double top = details.getContent().sceneToLocal(line.localToScene(0, 0)).getY() - 8;
                                if (content > view) details.setVvalue(Math.min(1, Math.max(0, top / (content - view))));
                                scroll.stop();
                                if (hover) {
                                    // the pointer rests on sda's Rule cell, so its tooltip shows
                                    var cell = stage.getScene().lookup("#rule-sda");
                                    var at = cell.localToScreen(cell.getBoundsInLocal());
                                    new javafx.scene.robot.Robot().mouseMove(at.getCenterX(), at.getCenterY());
                                }
                                System.out.println("READY");
                                if (confirm) ((javafx.scene.control.Button) stage.getScene().lookup("#use-for-kind")).fire();
                            }));
                            scroll.setCycleCount(javafx.animation.Animation.INDEFINITE);
                            scroll.play();
                        });
            }));
            poll.setCycleCount(javafx.animation.Animation.INDEFINITE);
            poll.play();
        }
    }
}
