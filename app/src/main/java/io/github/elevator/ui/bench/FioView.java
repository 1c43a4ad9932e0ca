package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A result's raw read workloads beside fio: per workload Elevator's figure, fio's and their ratio
 * (after a check with fio), and fio's command in a field to select or copy.
 */
final class FioView extends VBox {
    private final String id;

    FioView(String id, ObservableList<FioRow> rows) {
        super(4);
        this.id = id;
        setId(id);
        rows.addListener((ListChangeListener<FioRow>) change -> show(rows));
        show(rows);
    }

    private void show(ObservableList<FioRow> rows) {
        getChildren().clear();
        setVisible(!rows.isEmpty());
        setManaged(!rows.isEmpty());
        if (rows.isEmpty()) return;
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        ColumnConstraints fixed = new ColumnConstraints();
        fixed.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints grows = new ColumnConstraints();
        grows.setHgrow(Priority.ALWAYS);
        grows.setMinWidth(120);
        grid.getColumnConstraints().setAll(fixed, fixed, grows, fixed);
        int i = 0;
        for (FioRow r : rows) {
            Label title = new Label(r.title());
            title.setId(id + "-title-" + i);
            Label figures = new Label(r.figures());
            figures.setId(id + "-figures-" + i);
            figures.setTooltip(new Tooltip(Messages.text("ui.bench.fio.figures.tip")));
            grid.addRow(i, title, figures, command(r, i), copy(r, i));
            i++;
        }
        getChildren().add(grid);
    }

    private TextField command(FioRow r, int index) {
        TextField command = new TextField(r.command());
        command.setId(id + "-command-" + index);
        command.setEditable(false);
        command.setPrefColumnCount(20);
        command.setTooltip(new Tooltip(r.command()));
        return command;
    }

    private Button copy(FioRow r, int index) {
        Button copy = new Button(Messages.text("ui.bench.fio.copy"));
        copy.setId(id + "-copy-" + index);
        copy.setMinWidth(Region.USE_PREF_SIZE);
        copy.setTooltip(new Tooltip(Messages.text("ui.bench.fio.copy.tip")));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(r.command());
            Clipboard.getSystemClipboard().setContent(content);
        });
        return copy;
    }
}
