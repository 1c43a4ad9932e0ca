package io.github.elevator.ui.window;

import io.github.elevator.ui.common.Elision;
import io.github.elevator.ui.common.LazyTooltip;
import io.github.elevator.ui.common.MessageDialog;
import io.github.elevator.text.Messages;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The window's last message, on one line: each message replaces the one before. A message longer
 * than the line shows its first line, and "More…" opens the whole of it.
 */
final class StatusBar extends HBox {
    private final Label status = new Label();
    private final Hyperlink more = new Hyperlink(Messages.text("ui.status.more"));
    private String full = "";

    StatusBar(ObservableStringValue message) {
        super(8);
        status.setId("status");
        status.setMaxWidth(Double.MAX_VALUE);
        status.setMinWidth(0);
        status.setTextOverrun(OverrunStyle.ELLIPSIS);
        HBox.setHgrow(status, Priority.ALWAYS);
        more.setId("status-more");
        more.setMinWidth(USE_PREF_SIZE);
        more.managedProperty().bind(more.visibleProperty());
        more.setVisible(false);
        more.setOnAction(e -> MessageDialog.show(getScene().getWindow(), Messages.text("ui.status.title"), full));
        LazyTooltip.install(status, () -> full.isEmpty() ? null : full);
        message.addListener((o, old, now) -> show(now));
        status.widthProperty().addListener(o -> offerMore());
        show(message.get());
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(5, 12, 5, 12));
        getStyleClass().add("status-bar");
        getChildren().addAll(status, more);
    }

    private void show(String message) {
        full = message == null ? "" : message.strip();
        int eol = full.indexOf('\n');
        status.setText(eol < 0 ? full : full.substring(0, eol).strip());
        offerMore();
    }

    private void offerMore() {
        more.setVisible(full.contains("\n") || Elision.wouldElide(status, status.getText()));
    }
}
