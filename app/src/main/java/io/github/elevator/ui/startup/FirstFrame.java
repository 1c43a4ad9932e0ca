package io.github.elevator.ui.startup;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;
import io.github.elevator.device.DeviceOrder;
import javafx.geometry.Insets;
import javafx.scene.Parent;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

import java.util.List;

/**
 * The window's first frame: its title and the disks with their schedulers, drawn with plain text
 * and no control, while the real window is built behind it. JavaFX's first control loads and
 * applies its whole stylesheet (a third of a second on a small machine), so a first frame of
 * controls came 2.9 times later than an empty window's, this one 1.26 times (startup-bench.sh -t);
 * it shows what a person looks at first, where the real window shows it.
 */
public final class FirstFrame {
    private static final int ROWS = 12;

    private FirstFrame() {
    }

    /** The background of the scheme, the colour the real window paints too. */
    public static Color background(ColorScheme scheme) {
        return scheme == ColorScheme.DARK ? Color.web("#232529") : Color.web("#f4f4f4");
    }

    /** The title, and the disks first (as the list orders them) when {@code devices} are read already. */
    public static Parent of(List<BlockDevice> devices, ColorScheme scheme) {
        Color text = scheme == ColorScheme.DARK ? Color.web("#e8e8e8") : Color.web("#333333");
        Color dim = scheme == ColorScheme.DARK ? Color.web("#a0a4aa") : Color.web("#808080");
        Font plain = Font.font(13);
        Font heading = Font.font(null, FontWeight.BOLD, 13);
        Text title = text(Messages.text("ui.title"), Font.font(null, FontWeight.BOLD, 17), text);
        Text subtitle = text(Messages.text("ui.subtitle"), plain, dim);
        HBox toolbar = new HBox(10, title, subtitle);
        toolbar.setPadding(new Insets(12, 12, 12, 12));
        toolbar.setBackground(new Background(new BackgroundFill(scheme == ColorScheme.DARK ? Color.web("#383b40") : Color.web("#fbfbfb"), null, null)));
        GridPane list = new GridPane();
        list.setVgap(14);
        list.setPadding(new Insets(12, 12, 10, 38));
        // where the list's columns fall on a 1366-pixel window, so that the real list takes their place
        for (double percent : new double[] {5.5, 28, 50, 16.5}) {
            ColumnConstraints column = new ColumnConstraints();
            column.setPercentWidth(percent);
            list.getColumnConstraints().add(column);
        }
        String[] headings = {"ui.devices.column.device", "ui.devices.column.model", "ui.devices.column.size", "ui.devices.column.scheduler"};
        for (int c = 0; c < headings.length; c++) list.add(text(Messages.text(headings[c]), heading, text), c, 0);
        if (devices != null) {
            List<BlockDevice> disks = devices.stream().filter(d -> !DeviceOrder.isVirtual(d)).sorted(DeviceOrder.DEVICES).limit(ROWS).toList();
            for (int r = 0; r < disks.size(); r++) {
                BlockDevice d = disks.get(r);
                list.add(text(d.name(), plain, text), 0, r + 1);
                list.add(text(d.displayModel(), plain, text), 1, r + 1);
                list.add(text(ByteSize.human(d.sizeBytes()), plain, text), 2, r + 1);
                list.add(text(d.hasScheduler() ? d.active() : Messages.text("ui.devices.no-scheduler"), plain, d.hasScheduler() ? text : dim), 3, r + 1);
            }
        }
        VBox root = new VBox(toolbar, list);
        root.setBackground(new Background(new BackgroundFill(background(scheme), null, null)));
        return root;
    }

    private static Text text(String s, Font font, Color fill) {
        Text t = new Text(s);
        t.setFont(font);
        t.setFill(fill);
        return t;
    }
}
