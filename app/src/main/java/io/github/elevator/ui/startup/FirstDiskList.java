package io.github.elevator.ui.startup;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.ByteSize;
import io.github.elevator.text.Messages;
import javafx.scene.Node;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

import java.util.ArrayList;
import java.util.List;

/** The list's headings and a line per disk, laid out as the window proper's list lays them out. */
final class FirstDiskList extends Pane {
    /** The window proper's heights: the list's headings with their lower edge, and each line. */
    private static final double HEADINGS = 29, LINE = 34;
    /** From the window's right edge: where the list's Rule column ends, and the Scheduler column's width before it. */
    private static final double RULE_END = 8, SCHEDULER_COLUMN = 164;
    /** The width of the list's scroll bar, when its lines do not fit. */
    private static final double SCROLL_BAR = 14;
    /** Between a column's widest text and the next column: the list's cells' padding. */
    private static final double GAP = 12;

    private final List<Node[]> lines = new ArrayList<>();
    private final Node[] headings;
    private final Region headingBand = new Region();
    private final int listed;

    /**
     * {@code disks}' lines; {@code listed} is how many lines the window proper's list will have,
     * which decides whether it has a scroll bar beside its columns.
     */
    FirstDiskList(List<BlockDevice> disks, int listed, FirstPalette palette, Font plain, FirstChoices choices) {
        this.listed = listed;
        setBackground(new Background(new BackgroundFill(palette.table(), null, null)));
        FirstFrame.band(headingBand, HEADINGS, palette.heading(), palette.line());
        Font bold = Font.font(null, FontWeight.BOLD, 13);
        String[] keys = {"ui.devices.column.device", "ui.devices.column.model", "ui.devices.column.size", "ui.devices.column.scheduler",
            "ui.devices.column.rule"};
        headings = new Node[keys.length];
        for (int c = 0; c < keys.length; c++) headings[c] = FirstFrame.text(Messages.text(keys[c]), bold, palette.text());
        getChildren().add(headingBand);
        getChildren().addAll(headings);
        for (BlockDevice d : disks) {
            Node scheduler = d.hasScheduler() ? new FirstChooser(d, palette, plain, choices)
                    : FirstFrame.text(Messages.text("ui.devices.no-scheduler"), plain, palette.dim());
            Node[] line = {FirstFrame.text(d.name(), plain, palette.text()), FirstFrame.text(d.displayModel(), plain, palette.text()),
                FirstFrame.text(ByteSize.human(d.sizeBytes()), plain, palette.text()), scheduler};
            lines.add(line);
            getChildren().addAll(line);
        }
    }

    @Override
    protected void layoutChildren() {
        double width = getWidth();
        boolean scrolls = listed * LINE > getHeight() - HEADINGS;
        double ruleX = width - RULE_END - (scrolls ? SCROLL_BAR : 0) - headings[4].getLayoutBounds().getWidth();
        // the device, model and size columns where they fall for most disks, never over the column before; the
        // scheduler's right-aligned as the list's
        double model = Math.max(38 + 0.055 * (width - 50), 38 + widest(0) + GAP);
        double size = Math.max(38 + 0.335 * (width - 50), model + widest(1) + GAP);
        double[] x = {38, model, size, ruleX - SCHEDULER_COLUMN, ruleX};
        headingBand.resizeRelocate(0, 0, width, HEADINGS);
        for (int c = 0; c < headings.length; c++) place(headings[c], x[c], (HEADINGS - 1) / 2);
        for (int r = 0; r < lines.size(); r++) {
            double middle = HEADINGS + r * LINE + LINE / 2;
            Node[] line = lines.get(r);
            for (int c = 0; c < line.length; c++) {
                if (line[c] instanceof FirstChooser chooser) {
                    chooser.resizeRelocate(x[3], middle - FirstChooser.HEIGHT / 2, FirstChooser.WIDTH, FirstChooser.HEIGHT);
                } else {
                    place(line[c], x[c], middle);
                }
            }
        }
    }

    /** The widest text of column {@code c}, heading included. */
    private double widest(int c) {
        double widest = headings[c].getLayoutBounds().getWidth();
        for (Node[] line : lines) widest = Math.max(widest, line[c].getLayoutBounds().getWidth());
        return widest;
    }

    private static void place(Node text, double x, double middle) {
        text.setLayoutX(x);
        text.setLayoutY(middle);
    }
}
