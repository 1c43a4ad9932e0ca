package io.github.elevator.ui.startup;

import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;
import io.github.elevator.device.DeviceOrder;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Border;
import javafx.scene.layout.BorderStroke;
import javafx.scene.layout.BorderStrokeStyle;
import javafx.scene.layout.BorderWidths;
import javafx.scene.layout.CornerRadii;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

import java.util.List;
import java.util.Optional;

/**
 * The window's first frame: its title, the first-run hint, and the disks with their schedulers,
 * drawn with plain shapes and text and no control, while the real window is built behind it.
 * JavaFX's first control loads and applies its whole stylesheet (a third of a second on a small
 * machine), so a first frame of controls came 2.9 times later than an empty window's. Each disk's
 * scheduler opens at a press ({@link FirstChooser}), so the window takes a click from its first
 * frame on. Everything lies where the window proper puts it, so nothing moves when it takes this
 * frame's place.
 */
public final class FirstFrame {
    private static final int ROWS = 12;
    /**
     * The window proper's heights: its toolbar and the hint (two lines) with their lower edges, the
     * divider under the list, the details and the benchmark panel until built, the status line.
     */
    private static final double TOOLBAR = 42, HINT = 45, DIVIDER = 6, COMING = 302, STATUS = 27;
    /** The details' width beside the benchmark panel, as the window proper's (DeviceViews.DETAILS_WIDTH). */
    private static final double DETAILS = 340;

    private FirstFrame() {
    }

    /** The background of the scheme, the colour the real window paints too. */
    public static Color background(ColorScheme scheme) {
        return FirstPalette.of(scheme).background();
    }

    /**
     * The title, the first-run hint's words unless it was dismissed, and the disks first (as the
     * list orders them) when {@code devices} are read already, their dropdowns handing choices to
     * {@code choices}.
     */
    public static Parent of(List<BlockDevice> devices, ColorScheme scheme, Optional<String> hint, FirstChoices choices) {
        FirstPalette palette = FirstPalette.of(scheme);
        Font plain = Font.font(13);
        Text title = text(Messages.text("ui.title"), Font.font(null, FontWeight.BOLD, 17), palette.text());
        Text subtitle = text(Messages.text("ui.subtitle"), plain, palette.dim());
        HBox toolbar = new HBox(10, title, subtitle);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(0, 12, 0, 12));
        band(toolbar, TOOLBAR, palette.bar(), palette.line());
        VBox root = new VBox(toolbar);
        List<BlockDevice> disks = devices == null ? List.of()
                : devices.stream().filter(d -> !DeviceOrder.isVirtual(d)).sorted(DeviceOrder.DEVICES).limit(ROWS).toList();
        hint.ifPresent(words -> root.getChildren().add(hint(palette, plain, words)));
        Region list = new FirstDiskList(disks, devices == null ? 0 : devices.size(), palette, plain, choices);
        VBox.setVgrow(list, Priority.ALWAYS);
        Region divider = new Region();
        band(divider, DIVIDER, palette.background(), palette.line());
        Region status = new Region();
        band(status, STATUS, palette.bar(), palette.bar());
        root.getChildren().addAll(list, divider, coming(palette, plain), status);
        root.setBackground(new Background(new BackgroundFill(palette.background(), null, null)));
        return root;
    }

    /** The first-run hint, with {@code words} as the window proper's will have them, wrapped as its are. */
    private static Node hint(FirstPalette palette, Font font, String words) {
        Text text = text(words, font, palette.text());
        // a label's lines are whole pixels apart; a text's are as far as the font says
        double line = text("X", font, palette.text()).getLayoutBounds().getHeight();
        text.setLineSpacing(Math.ceil(line) - line);
        HBox bar = new HBox(text);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 12, 6, 12));
        // before the window proper's close button, as wide as its text and padding
        double button = text(Messages.text("ui.hint.close"), font, palette.text()).getLayoutBounds().getWidth() + 20 + 10;
        text.wrappingWidthProperty().bind(bar.widthProperty().subtract(24 + button));
        band(bar, HINT, palette.background(), palette.line());
        bar.setPrefHeight(Region.USE_COMPUTED_SIZE); // two lines at least, more where the words need more
        return bar;
    }

    /** The details and the benchmark panel, each saying that it is coming, where the window proper's say so. */
    private static Node coming(FirstPalette palette, Font font) {
        StackPane details = new StackPane(text(Messages.text("ui.startup.details-coming"), font, palette.dim()));
        details.setAlignment(Pos.TOP_CENTER);
        details.setPadding(new Insets(14, 12, 12, 12));
        details.setMinWidth(DETAILS);
        details.setPrefWidth(DETAILS);
        details.setBorder(new Border(new BorderStroke(null, palette.line(), null, null, null, BorderStrokeStyle.SOLID, null, null,
                CornerRadii.EMPTY, new BorderWidths(0, 5, 0, 0), Insets.EMPTY)));
        StackPane bench = new StackPane(text(Messages.text("ui.startup.benchmark-coming"), font, palette.dim()));
        HBox.setHgrow(bench, Priority.ALWAYS);
        HBox panes = new HBox(details, bench);
        band(panes, COMING, palette.background(), palette.line());
        return panes;
    }

    static void band(Region region, double height, Color fill, Color lowerEdge) {
        region.setMinHeight(height);
        region.setPrefHeight(height);
        region.setBackground(new Background(new BackgroundFill(fill, null, null)));
        region.setBorder(new Border(new BorderStroke(null, null, lowerEdge, null, null, null, BorderStrokeStyle.SOLID, null,
                CornerRadii.EMPTY, new BorderWidths(0, 0, 1, 0), Insets.EMPTY)));
    }

    static Text text(String s, Font font, Color fill) {
        Text t = new Text(s);
        t.setFont(font);
        t.setFill(fill);
        t.setTextOrigin(VPos.CENTER);
        return t;
    }
}
