package io.github.elevator.ui.history;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.testing.SeededSweepReport;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Stage;

import java.util.List;

/**
 * History's comparison of two seeded runs of loop3, both picked, to look at (readme-screenshots.sh
 * style, under Xvfb): {@code HistoryDialogDemo}; prints READY once it is shown.
 */
public final class HistoryDialogDemo {
    private HistoryDialogDemo() {
    }

    public static void main(String[] args) {
        Application.launch(App.class, args);
    }

    public static final class App extends Application {
        @Override
        public void start(Stage stage) {
            Label owner = new Label("Elevator");
            stage.setScene(new Scene(owner, 300, 100));
            stage.show();
            BenchmarkHistory.Listing listing = new BenchmarkHistory.Listing(List.of(
                    SeededSweepReport.of("2026-12-01T10:00:00Z", 1, "none", 30000, "mq-deadline", 24000),
                    SeededSweepReport.of("2026-12-04T11:30:00Z", 2, "none", 33000, "mq-deadline", 24000, "kyber", 20000)), List.of());
            var dialog = HistoryDialog.dialog(owner, "loop3", listing, r -> { });
            dialog.show();
            @SuppressWarnings("unchecked")
            ListView<Object> list = (ListView<Object>) dialog.getDialogPane().lookup("#history-list");
            list.getSelectionModel().selectAll();
            Platform.runLater(() -> System.out.println("READY"));
        }
    }
}
