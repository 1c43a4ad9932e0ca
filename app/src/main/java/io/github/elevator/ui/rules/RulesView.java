package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.rules.ElevatorRulesFile;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.util.function.Function;

/**
 * Elevator's rules: the table of rules with the disks each matches now, an editor to add or change
 * one, what else sets schedulers, and a preview of the file that saving writes.
 */
public final class RulesView extends BorderPane {
    private final RulesViewModel model;
    /** The table's three columns at their preferred widths, with its border and scroll bar. */
    static final double LEFT_MIN_WIDTH = 190 + 120 + 120 + 30;

    private final TableView<RuleItem> table = new TableView<>();

    public RulesView(RulesViewModel model) {
        this.model = model;
        setPadding(new Insets(12));

        Label title = new Label(Messages.text("rules.title"));
        title.getStyleClass().add("app-title");
        Label intro = new Label(Messages.text("rules.intro"));
        intro.setWrapText(true);
        intro.getStyleClass().add("dim");
        Label notice = new Label();
        notice.setId("rules-notice");
        notice.setWrapText(true);
        notice.textProperty().bind(model.noticeProperty());
        model.noticeIsWarningProperty().addListener((o, was, warning) -> {
            notice.getStyleClass().removeAll("rule-warning", "dim");
            notice.getStyleClass().add(warning ? "rule-warning" : "dim");
        });
        notice.getStyleClass().add("dim");
        notice.managedProperty().bind(notice.textProperty().isNotEmpty());
        Label tuned = new Label();
        tuned.setId("rules-tuned");
        tuned.setWrapText(true);
        tuned.getStyleClass().add("rule-warning");
        tuned.textProperty().bind(model.tunedNoticeProperty());
        tuned.managedProperty().bind(tuned.textProperty().isNotEmpty());
        tuned.visibleProperty().bind(tuned.textProperty().isNotEmpty());
        VBox top = new VBox(4, title, intro, notice, tuned);
        top.setPadding(new Insets(0, 0, 10, 0));

        SplitPane center = new SplitPane(left(), right());
        center.setDividerPositions(0.45);

        Label message = new Label();
        message.setId("rules-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        Button revert = new Button(Messages.text("rules.revert"));
        revert.setId("rules-revert");
        revert.setTooltip(new Tooltip(Messages.text("rules.revert.tip")));
        revert.disableProperty().bind(model.dirtyProperty().not().or(model.busyProperty()));
        revert.setOnAction(e -> model.revert());
        Button save = new Button(Messages.text("rules.save"));
        save.setId("rules-save");
        save.setDefaultButton(true);
        save.setTooltip(new Tooltip(Messages.text("rules.save.tip", ElevatorRulesFile.PATH)));
        save.disableProperty().bind(model.dirtyProperty().not().or(model.busyProperty()));
        save.setOnAction(e -> model.save());
        Button exportTuned = new Button(Messages.text("rules.tuned.export"));
        exportTuned.setId("rules-export-tuned");
        exportTuned.setTooltip(new Tooltip(Messages.text("rules.tuned.export.tip")));
        exportTuned.disableProperty().bind(model.busyProperty());
        exportTuned.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(Messages.text("rules.tuned.dialog.title"));
            chooser.setInitialFileName("tuned.conf");
            java.io.File file = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
            if (file != null) model.exportTuned(file.toPath());
        });
        // the buttons keep their words; the message wraps beside them
        exportTuned.setMinWidth(Region.USE_PREF_SIZE);
        revert.setMinWidth(Region.USE_PREF_SIZE);
        save.setMinWidth(Region.USE_PREF_SIZE);
        message.setMinWidth(0);
        message.setMinHeight(Region.USE_PREF_SIZE);
        HBox bottom = new HBox(8, message, exportTuned, revert, save);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(10, 0, 0, 0));

        setTop(top);
        setCenter(center);
        setBottom(bottom);
    }

    private VBox left() {
        table.setId("rules-table");
        table.setItems(model.items());
        Label empty = new Label(Messages.text("rules.table.empty"));
        empty.setWrapText(true); // a longer language's sentence takes a second line, not an ellipsis
        empty.setPadding(new javafx.geometry.Insets(0, 12, 0, 12));
        table.setPlaceholder(empty);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column(Messages.text("rules.column.applies"), 190, RuleItem::appliesTo));
        table.getColumns().add(column(Messages.text("rules.column.scheduler"), 120, RuleItem::settings));
        table.getColumns().add(column(Messages.text("rules.column.disks"), 120, RuleItem::devices));
        table.setPrefHeight(180);
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && table.getSelectionModel().getSelectedItem() != null) {
                model.edit(table.getSelectionModel().getSelectedItem());
            }
        });
        Button edit = new Button(Messages.text("rules.edit"));
        edit.setId("rule-edit");
        edit.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        edit.setOnAction(e -> model.edit(table.getSelectionModel().getSelectedItem()));
        Button remove = new Button(Messages.text("rules.remove"));
        remove.setId("rule-remove");
        remove.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> model.remove(table.getSelectionModel().getSelectedItem()));
        HBox tableButtons = new HBox(8, edit, remove);

        Label editorTitle = new Label(Messages.text("rules.editor.title"));
        editorTitle.getStyleClass().add("details-title");
        ComboBox<MatchChoice> match = new ComboBox<>(model.matchChoices());
        match.setId("rule-match");
        match.setPromptText(Messages.text("rules.editor.match.prompt"));
        match.valueProperty().bindBidirectional(model.editorMatchProperty());
        match.setMaxWidth(Double.MAX_VALUE);
        match.setButtonCell(new WrappingCell<>(match.getPromptText()));
        ComboBox<String> scheduler = new ComboBox<>(model.schedulerChoices());
        scheduler.setId("rule-scheduler");
        scheduler.setPromptText(Messages.text("rules.editor.scheduler.prompt"));
        scheduler.valueProperty().bindBidirectional(model.editorSchedulerProperty());
        TextField readAhead = new TextField();
        readAhead.setId("rule-read-ahead");
        readAhead.setPromptText(Messages.text("rules.editor.default.prompt"));
        readAhead.setPrefColumnCount(8);
        readAhead.textProperty().bindBidirectional(model.editorReadAheadProperty());
        TextField nrRequests = new TextField();
        nrRequests.setId("rule-nr-requests");
        nrRequests.setPromptText(Messages.text("rules.editor.default.prompt"));
        nrRequests.setPrefColumnCount(8);
        nrRequests.textProperty().bindBidirectional(model.editorNrRequestsProperty());
        Button add = new Button(Messages.text("rules.editor.add"));
        add.setId("rule-add");
        add.disableProperty().bind(Bindings.or(match.valueProperty().isNull(), scheduler.valueProperty().isNull()));
        add.setOnAction(e -> model.addFromEditor());
        Label matches = new Label();
        matches.setId("rule-matches");
        matches.setWrapText(true);
        matches.getStyleClass().add("dim");
        matches.textProperty().bind(model.editorMatchesProperty());

        GridPane editor = new GridPane();
        editor.setHgap(8);
        editor.setVgap(6);
        editor.addRow(0, label(Messages.text("rules.editor.applies"), match), match);
        editor.addRow(1, new Region(), matches);
        editor.addRow(2, label(Messages.text("rules.editor.scheduler"), scheduler), scheduler);
        editor.addRow(3, label(Messages.text("rules.editor.read-ahead"), readAhead), readAhead);
        editor.addRow(4, label(Messages.text("rules.editor.nr-requests"), nrRequests), nrRequests);
        editor.addRow(5, new Region(), add);
        GridPane.setHgrow(match, Priority.ALWAYS);
        // the labels keep their words whatever the editor's fields ask for; the fields' column gives way
        javafx.scene.layout.ColumnConstraints labels = new javafx.scene.layout.ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        javafx.scene.layout.ColumnConstraints fields = new javafx.scene.layout.ColumnConstraints();
        fields.setMinWidth(0);
        fields.setHgrow(Priority.ALWAYS);
        editor.getColumnConstraints().setAll(labels, fields);
        match.setMinWidth(0);
        match.setPrefWidth(0);
        matches.setMinWidth(0);
        matches.setMinHeight(Region.USE_PREF_SIZE);

        VBox box = new VBox(8, table, tableButtons, editorTitle, editor);
        VBox.setVgrow(table, Priority.ALWAYS);
        // the divider stops where the table's columns would be cut, and the table never shrinks below a few lines
        box.setMinWidth(LEFT_MIN_WIDTH);
        table.setMinHeight(110);
        box.setPadding(new Insets(0, 10, 0, 0));
        return box;
    }

    private VBox right() {
        Label title = new Label(Messages.text("rules.preview.title", ElevatorRulesFile.PATH));
        title.getStyleClass().add("details-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        TextArea preview = new TextArea();
        preview.setId("rules-preview");
        preview.setEditable(false);
        preview.getStyleClass().add("rules-preview");
        preview.textProperty().bind(model.previewProperty());
        VBox box = new VBox(6, title, preview, othersTitle(), others());
        VBox.setVgrow(preview, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private Label othersTitle() {
        Label title = new Label(Messages.text("rules.others.title"));
        title.getStyleClass().add("details-title");
        return title;
    }

    /** Each other setter: where and what it says, then what it does to each disk here, then what that means for the rules. */
    private ListView<OverriderItem> others() {
        ListView<OverriderItem> others = new ListView<>(model.overriders());
        others.setId("rules-overriders");
        others.setPlaceholder(new Label(Messages.text("rules.others.empty")));
        others.setPrefHeight(230);
        others.setMinHeight(120);
        others.setCellFactory(l -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(OverriderItem item, boolean empty) {
                super.updateItem(item, empty);
                setText(null);
                setPrefWidth(0);
                if (empty || item == null) {
                    setGraphic(null);
                    setAccessibleText(null);
                    return;
                }
                Label heading = wrapped(item.heading());
                heading.getStyleClass().add(item.wins() ? "rule-warning" : "overrider-heading");
                Label setting = wrapped(item.setting());
                setting.getStyleClass().add("rules-preview");
                VBox lines = new VBox(2, heading, setting);
                if (!item.disks().isEmpty()) lines.getChildren().add(wrapped(item.disks()));
                Label note = wrapped(item.note());
                note.getStyleClass().add("dim");
                lines.getChildren().add(note);
                setGraphic(lines);
                setAccessibleText(item.text());
            }
        });
        return others;
    }

    private static Label wrapped(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setMaxWidth(Double.MAX_VALUE);
        return label;
    }

    private static Label label(String text, javafx.scene.Node target) {
        Label l = new Label(text);
        l.setLabelFor(target);
        l.getStyleClass().add("dim");
        return l;
    }

    private static TableColumn<RuleItem, String> column(String title, double width, Function<RuleItem, String> text) {
        TableColumn<RuleItem, String> col = new TableColumn<>(title);
        col.setPrefWidth(width);
        col.setCellValueFactory(c -> new javafx.beans.property.ReadOnlyStringWrapper(text.apply(c.getValue())));
        return col;
    }

    public TableView<RuleItem> table() {
        return table;
    }
}
