package io.github.elevator.ui.devices;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.TunableLimits;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;

/**
 * The device's queue settings and its scheduler's own settings with their current values, one
 * line each; the tooltip says what a setting does and its range. Read-only here: changes go
 * through {@code elevator tune} until the window has a view-model action for them.
 */
final class TunablesView extends GridPane {

    TunablesView() {
        setHgap(10);
        setVgap(2);
        setId("details-tunables");
    }

    void show(BlockDevice d) {
        getChildren().clear();
        if (d == null) return;
        int line = 0;
        for (String key : d.tunables().keys()) {
            TunableLimits.Limit limit = TunableLimits.of(key);
            Label name = new Label(key.substring(key.indexOf('/') + 1));
            name.getStyleClass().add("dim");
            name.setMinWidth(Region.USE_PREF_SIZE);
            Label value = new Label(d.tunables().value(key) + (limit == null || limit.unit().isEmpty() ? "" : " " + limit.unit()));
            value.setId("tunable-" + key.replace('/', '-'));
            if (limit != null) {
                Tooltip tip = new Tooltip(limit.meaning() + " (" + limit.min() + " to " + limit.max() + ")");
                name.setTooltip(tip);
                value.setTooltip(tip);
            }
            addRow(line++, name, value);
        }
        setVisible(line > 0);
        setManaged(line > 0);
    }
}
