package io.github.elevator.ui.bench;

import io.github.elevator.text.Messages;
import io.github.elevator.ui.common.WordWrappingLabel;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;

/**
 * A result's raw read workloads beside fio: per workload Elevator's figure, fio's and their ratio
 * (after a check with fio) beside its title, and under them fio's command in a field to select
 * or copy, as wide as the panel. Where fio checked none of them (a plain quick benchmark), one
 * link says so and opens the commands: six lines of commands under the tiles would push the
 * tiles' own figures out of view. The link is the view's first line, or stands on a line of the
 * panel already in view ({@link #openerElsewhere}).
 */
final class FioView extends VBox {
    private final String id;
    private final ObservableList<FioRow> rows;
    /** Whether the commands of unchecked rows are open; they stay so for the next result. */
    private final BooleanProperty commandsOpen = new SimpleBooleanProperty(false);
    private final Hyperlink opener;
    /** Whether the link is offered: there are rows, and fio checked none of them. */
    private final BooleanProperty offered = new SimpleBooleanProperty(false);
    private boolean openerHere = true;

    FioView(String id, ObservableList<FioRow> rows) {
        super(4);
        this.id = id;
        this.rows = rows;
        setId(id);
        opener = opener();
        rows.addListener((ListChangeListener<FioRow>) change -> show());
        commandsOpen.addListener((o, was, now) -> show());
        show();
    }

    /** Whether the rows with their commands are shown: after a check with fio, or opened. */
    boolean rowsShown() {
        return !rows.isEmpty() && (checked() || commandsOpen.get());
    }

    private boolean checked() {
        return rows.stream().anyMatch(FioRow::checked);
    }

    private void show() {
        offered.set(!rows.isEmpty() && !checked());
        getChildren().clear();
        if (offered.get() && openerHere) getChildren().add(opener);
        if (rowsShown()) getChildren().add(grid());
        setVisible(!getChildren().isEmpty());
        setManaged(isVisible());
    }

    /**
     * The link that opens the commands, for a line of the panel that is in view without scrolling
     * (under the tiles of a low window it came below what the pane shows); it shows while it is
     * offered and {@code shown} holds, and this view keeps only the rows.
     */
    Hyperlink openerElsewhere(ObservableBooleanValue shown) {
        openerHere = false;
        opener.visibleProperty().bind(offered.and(shown));
        opener.managedProperty().bind(opener.visibleProperty());
        opener.setMinWidth(Region.USE_PREF_SIZE);
        show();
        return opener;
    }

    /** "Show fio's commands (not checked with fio)", which opens them, and then closes them. */
    private Hyperlink opener() {
        Hyperlink link = new Hyperlink();
        link.setMnemonicParsing(true);
        link.textProperty().bind(Bindings.when(commandsOpen).then(Messages.text("ui.bench.fio.commands.hide"))
                .otherwise(Messages.text("ui.bench.fio.commands.show")));
        link.setId(id + "-commands");
        link.setTooltip(new Tooltip(Messages.text("ui.bench.fio.commands.tip")));
        link.setOnAction(e -> {
            commandsOpen.set(!commandsOpen.get());
            link.setVisited(false);
            // opened under the tiles of a low window, the commands would come below the scrolled view
            if (commandsOpen.get()) scrollToTop();
        });
        return link;
    }

    /** Scrolls the pane this view is in so that its top line is the view's first, as far as the pane scrolls. */
    private void scrollToTop() {
        Node n = getParent();
        while (n != null && !(n instanceof ScrollPane)) n = n.getParent();
        if (!(n instanceof ScrollPane pane) || pane.getContent() == null || getScene() == null) return;
        // the window makes room for the rows first (the panel asks for their height), then the pane scrolls within what it got
        getScene().getRoot().applyCss();
        getScene().getRoot().layout();
        double content = pane.getContent().getLayoutBounds().getHeight(), viewport = pane.getViewportBounds().getHeight();
        if (content <= viewport) return;
        double top = pane.getContent().sceneToLocal(localToScene(0, 0)).getY();
        pane.setVvalue(Math.min(1, Math.max(0, top / (content - viewport))) * (pane.getVmax() - pane.getVmin()) + pane.getVmin());
    }

    private GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        // the titles as wide as they are; the figures take the rest, and each command line all of it
        ColumnConstraints titles = new ColumnConstraints();
        titles.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints rest = new ColumnConstraints();
        rest.setHgrow(Priority.ALWAYS);
        rest.setMaxWidth(Double.MAX_VALUE);
        grid.getColumnConstraints().setAll(titles, rest);
        int i = 0;
        for (FioRow r : rows) {
            Label heading = new Label(r.title());
            heading.setId(id + "-title-" + i);
            // the figures wrap between their parts rather than push the panel wider than the window
            Label figures = new WordWrappingLabel(r.figures());
            figures.setId(id + "-figures-" + i);
            figures.setTooltip(new Tooltip(Messages.text("ui.bench.fio.figures.tip")));
            for (Label l : List.of(heading, figures)) {
                GridPane.setValignment(l, VPos.TOP);
                // a workload's lines apart from the command above them
                if (i > 0) GridPane.setMargin(l, new Insets(6, 0, 0, 0));
            }
            grid.add(heading, 0, 2 * i);
            grid.add(figures, 1, 2 * i);
            TextField command = command(r, i);
            HBox.setHgrow(command, Priority.ALWAYS);
            grid.add(new HBox(6, command, copy(r, i)), 0, 2 * i + 1, 2, 1);
            i++;
        }
        return grid;
    }

    private TextField command(FioRow r, int index) {
        TextField command = new TextField(r.command());
        command.setId(id + "-command-" + index);
        command.setEditable(false);
        command.setPrefColumnCount(20);
        command.setMaxWidth(Double.MAX_VALUE);
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
