package io.github.elevator.ui.history;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.text.Messages;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceRow;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.time.ZoneId;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The past benchmarks of one device: pick one to see it (and to show it in the results), or two
 * to compare them. Read off the UI thread; files that are not readable reports are named and
 * skipped.
 */
public final class HistoryDialog {
    private static final FxTaskRunner TASKS = new FxTaskRunner();
    /** In Elevator's language: JavaFX's own Close follows Java's locale, which can be another. */
    static final ButtonType CLOSE = new ButtonType(Messages.text("ui.history.close"), ButtonBar.ButtonData.CANCEL_CLOSE);

    private HistoryDialog() {
    }

    /** Opens the history of {@code device} next to {@code from}; {@code show} puts a picked run into the results. */
    public static void open(Node from, DeviceRow device, BenchmarkHistory history, Consumer<BenchmarkReport> show, Consumer<String> say) {
        if (device == null) {
            say.accept(Messages.text("ui.history.no-device"));
            return;
        }
        TASKS.run(() -> history.list(device.name()), listing -> {
            if (listing.reports().isEmpty() && listing.unreadable().isEmpty()) {
                say.accept(Messages.text("ui.history.empty", device.name()));
                return;
            }
            dialog(from, device.name(), listing, show).show();
        }, error -> say.accept(Messages.text("ui.history.unreadable", device.name(), error.getMessage())));
    }

    static Alert dialog(Node from, String device, BenchmarkHistory.Listing listing, Consumer<BenchmarkReport> show) {
        ZoneId zone = ZoneId.systemDefault();
        ListView<BenchmarkReport> list = new ListView<>();
        list.setId("history-list");
        list.getItems().setAll(listing.reports().stream().sorted(Comparator.comparing(BenchmarkReport::finishedAt).reversed()).toList());
        list.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        list.setPrefHeight(180);
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(BenchmarkReport r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : HistoryText.line(r, zone));
            }
        });
        TextArea shown = new TextArea(Messages.text("ui.history.pick"));
        shown.setId("history-shown");
        shown.setEditable(false);
        shown.setWrapText(true);
        shown.setPrefRowCount(12);
        shown.getStyleClass().add("rules-preview");
        VBox.setVgrow(shown, Priority.ALWAYS);
        list.getSelectionModel().getSelectedItems().addListener((ListChangeListener<BenchmarkReport>) c -> {
            List<BenchmarkReport> picked = List.copyOf(list.getSelectionModel().getSelectedItems());
            if (picked.size() == 1) {
                shown.setText(HistoryText.report(picked.get(0), zone));
                show.accept(picked.get(0));
            } else if (picked.size() == 2) {
                List<BenchmarkReport> byTime = picked.stream().sorted(Comparator.comparing(BenchmarkReport::finishedAt)).toList();
                shown.setText(HistoryText.compare(byTime.get(0), byTime.get(1), zone));
            }
        });
        VBox content = new VBox(8, list, shown);
        if (!listing.unreadable().isEmpty()) {
            Label skipped = new Label(Messages.count("ui.history.unreadable-files", listing.unreadable().size(),
                    String.join(", ", listing.unreadable())));
            skipped.setId("history-unreadable");
            skipped.setWrapText(true);
            skipped.setMinHeight(Region.USE_PREF_SIZE);
            skipped.getStyleClass().add("rule-warning");
            content.getChildren().add(0, skipped);
        }
        Alert dialog = new Alert(Alert.AlertType.NONE, "", CLOSE);
        dialog.setTitle(Messages.text("ui.history.title"));
        dialog.setHeaderText(Messages.text("ui.history.header", device));
        dialog.getDialogPane().setId("history");
        dialog.getDialogPane().setContent(content);
        // the report and the comparison are columns: they need the monospaced font of rules-preview
        dialog.getDialogPane().getStylesheets().add(io.github.elevator.ui.rules.RulesWindow.stylesheet("rules.css"));
        dialog.getDialogPane().setPrefWidth(680);
        dialog.setResizable(true);
        if (from.getScene() != null) dialog.initOwner(from.getScene().getWindow());
        return dialog;
    }
}
