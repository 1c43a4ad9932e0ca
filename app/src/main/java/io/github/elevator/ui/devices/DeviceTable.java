package io.github.elevator.ui.devices;

import io.github.elevator.device.DeviceOrder;
import io.github.elevator.text.Messages;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The device list: a line per device under column headings, one selected, moved through with the
 * arrow keys, Home, End and Page Up/Down. A grid of labels rather than a TableView: a table's first
 * layout took over half a second of the window's start. Only the lines in view (and a few more)
 * are nodes, handed other devices as the list scrolls: with 200 devices, making and styling a line
 * for each took about 20 ms of CPU per device before the first frame. Every line has the same
 * height, so where a device's line is follows from its place in the list; the text columns are as
 * wide as every device's texts need ({@link ColumnWidths}), as if every line were there.
 */
public final class DeviceTable extends ScrollPane {
    /** The columns, by what each shows; {@link #HEADINGS} says it in words. */
    private static final String[] COLUMNS = {"icon", "device", "model", "size", "kind", "type", "mounted", "scheduler", "rule"};
    private static final String[] HEADINGS = {"", Messages.text("ui.devices.column.device"), Messages.text("ui.devices.column.model"),
        Messages.text("ui.devices.column.size"), Messages.text("ui.devices.column.kind"), Messages.text("ui.devices.column.type"),
        Messages.text("ui.devices.column.mounted"), Messages.text("ui.devices.column.scheduler"), Messages.text("ui.devices.column.rule")};
    private static final double LINE_HEIGHT = 34;
    private static final double SHRUNK_KIND_WIDTH = 88;
    private static final int PAGE = 10;
    /** Lines made beyond each edge of the view, so that a step of scrolling finds its lines there. */
    private static final int MARGIN = 3;

    private final ObservableList<DeviceRow> rows;
    private final BiConsumer<DeviceRow, String> onChoice;
    private final GridPane grid = new GridPane();
    private final List<DeviceLine> lines = new ArrayList<>();
    private final ColumnWidths widths = new ColumnWidths(DeviceLine.TEXTS);
    private boolean widthsStale = true;
    private final ObjectProperty<DeviceRow> selected = new SimpleObjectProperty<>(this, "selected");
    private boolean everSelected;
    private final ReadOnlyObjectWrapper<Set<String>> inView = new ReadOnlyObjectWrapper<>(this, "inView");
    private final InvalidationListener moved = o -> {
        placeLines();
        inViewMayHaveChanged();
    };
    private boolean inViewPending;
    private final Label placeholder = new Label(Messages.text("ui.devices.reading"));
    private final Region headerBackground = new Region();
    private final List<Node> header = new ArrayList<>();

    public DeviceTable(ObservableList<DeviceRow> rows, BiConsumer<DeviceRow, String> onChoice) {
        this.rows = rows;
        this.onChoice = onChoice;
        getStyleClass().add("device-table");
        grid.getStyleClass().add("device-grid");
        setContent(grid);
        setFitToWidth(true);
        setFocusTraversable(true);
        // only in a window narrower than the columns can shrink to (under 1024 pixels): the last columns stay reachable
        setHbarPolicy(ScrollBarPolicy.AS_NEEDED);
        placeholder.getStyleClass().add("dim");
        columns();
        header();
        selected.addListener((obs, old, now) -> {
            for (DeviceLine line : lines) line.setSelected(line.row() != null && line.row() == now);
        });
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        grid.getChildren().setAll(header);
        grid.getChildren().addAll(widths.struts());
        grid.getRowConstraints().add(new RowConstraints());
        rows.addListener((ListChangeListener<DeviceRow>) change -> rowsChanged());
        rowsChanged();
        vvalueProperty().addListener(moved);
        viewportBoundsProperty().addListener(moved);
        grid.heightProperty().addListener(moved);
        selected.addListener(o -> inViewMayHaveChanged());
        // the selected device's line stays in view: when chosen elsewhere (the first disk at start) and when the list gets shorter
        selected.addListener(o -> keepSelectedInView());
        viewportBoundsProperty().addListener((o, was, now) -> {
            if (was == null || now.getHeight() < was.getHeight()) keepSelectedInView();
        });
    }

    private void keepSelectedInView() {
        // outside TaskRunner: on the FX thread already, it waits for the layout pass under way
        Platform.runLater(() -> {
            int index = rows.indexOf(selected.get());
            if (index >= 0) scrollTo(index);
        });
    }

    /**
     * The devices whose lines are in view, and the selected one; null until the list is laid out.
     * Their changes must show at once; the others' may wait until they scroll into view.
     */
    public ReadOnlyObjectProperty<Set<String>> inViewProperty() {
        return inView.getReadOnlyProperty();
    }

    /** Looks again once the lines are placed: scrolling, resizing and lines that came or moved all call this. */
    private void inViewMayHaveChanged() {
        if (inViewPending) return;
        inViewPending = true;
        // outside TaskRunner: on the FX thread already, it waits for the layout pass under way
        Platform.runLater(() -> {
            inViewPending = false;
            findInView();
        });
    }

    private void findInView() {
        double height = getViewportBounds().getHeight();
        if (height <= 0 || grid.getHeight() <= 0) return;
        double top = viewTop();
        Set<String> names = new HashSet<>();
        for (int index = firstLineBelow(top); index < rows.size() && lineTop(index) < top + height; index++) {
            names.add(rows.get(index).name());
        }
        if (selected.get() != null) names.add(selected.get().name());
        if (!names.equals(inView.get())) inView.set(Set.copyOf(names));
    }

    /** Where the view's top edge is in the grid. */
    private double viewTop() {
        return getVvalue() * hiddenHeight();
    }

    /** Where the line of the row at {@code index} begins in the grid: under the headings' row, every line as high. */
    private double lineTop(int index) {
        double gap = grid.getVgap();
        return headerBackground.getLayoutY() + headerBackground.getHeight() + gap + index * (LINE_HEIGHT + gap);
    }

    /** The index of the first line whose bottom is below {@code y}. */
    private int firstLineBelow(double y) {
        double gap = grid.getVgap();
        int index = (int) Math.floor((y - lineTop(0) + gap) / (LINE_HEIGHT + gap));
        return Math.max(0, Math.min(rows.size(), index));
    }

    public ObservableList<DeviceRow> rows() {
        return rows;
    }

    /** The selected device; the details and the benchmark panel follow it. */
    public ObjectProperty<DeviceRow> selectedProperty() {
        return selected;
    }

    public void select(DeviceRow row) {
        selected.set(row);
    }

    private void columns() {
        for (int i = 0; i < COLUMNS.length; i++) {
            ColumnConstraints column = new ColumnConstraints();
            column.setMinWidth(Region.USE_PREF_SIZE);
            switch (COLUMNS[i]) {
                case "icon" -> column.setMinWidth(30);
                case "model", "mounted" -> {
                    // as narrow as the heading: a long model or mount point is cut (its tooltip has it) rather than the scheduler
                    column.setHgrow(Priority.ALWAYS);
                    column.setMinWidth(Region.USE_COMPUTED_SIZE);
                }
                case "kind", "type" -> {
                    // on a small screen these give way too, down to the usual words ("virtio", "solid-state"), so
                    // that the scheduler and rule stay in view
                    column.setHgrow(Priority.SOMETIMES);
                    column.setMinWidth(SHRUNK_KIND_WIDTH);
                }
                case "scheduler" -> column.setMinWidth(SchedulerBox.WIDTH);
                case "rule" -> {
                    // a long rule ("⚠ serial:…: bfq") is shortened on a small screen rather than running
                    // off the list's edge; the line's tooltip and the details say it whole
                    column.setHgrow(Priority.SOMETIMES);
                    column.setMinWidth(Region.USE_COMPUTED_SIZE);
                }
                default -> { }
            }
            grid.getColumnConstraints().add(column);
        }
    }

    /**
     * The headings, in the grid's first row so they line up with the columns, drawn over the
     * lines and moved down as the list scrolls so they stay in view.
     */
    private void header() {
        headerBackground.getStyleClass().add("device-table-header");
        GridPane.setConstraints(headerBackground, 0, 0, GridPane.REMAINING, 1);
        header.add(headerBackground);
        for (int i = 0; i < HEADINGS.length; i++) {
            Label heading = new Label(HEADINGS[i]);
            heading.getStyleClass().add("device-heading");
            heading.setId("heading-" + COLUMNS[i]);
            heading.setMouseTransparent(true);
            heading.setMinWidth(Region.USE_PREF_SIZE);
            GridPane.setConstraints(heading, i, 0);
            header.add(heading);
        }
        InvalidationListener follow = o -> {
            double offset = viewTop();
            for (Node node : header) node.setTranslateY(offset);
        };
        vvalueProperty().addListener(follow);
        viewportBoundsProperty().addListener(follow);
        grid.heightProperty().addListener(follow);
        for (Node node : header) node.setViewOrder(-1);
    }

    /** How much of the grid is out of view: what scrolling the whole way moves it by. */
    private double hiddenHeight() {
        return Math.max(0, grid.getHeight() - getViewportBounds().getHeight());
    }

    /** After devices came, went or moved: a grid row for each, and lines for those in view. */
    private void rowsChanged() {
        List<RowConstraints> heights = grid.getRowConstraints();
        while (heights.size() > rows.size() + 1) heights.remove(heights.size() - 1);
        while (heights.size() < rows.size() + 1) heights.add(new RowConstraints(LINE_HEIGHT));
        if (rows.isEmpty() && !grid.getChildren().contains(placeholder)) {
            GridPane.setConstraints(placeholder, 1, 1, GridPane.REMAINING, 1);
            grid.getChildren().add(placeholder);
        } else if (!rows.isEmpty()) {
            grid.getChildren().remove(placeholder);
        }
        // a device that went away leaves nothing selected: the next click must not act on another device unseen
        if (selected.get() != null && !rows.contains(selected.get())) selected.set(null);
        else if (selected.get() == null && !everSelected) selected.set(rows.isEmpty() ? null : rows.get(0));
        everSelected |= selected.get() != null;
        placeLines();
        columnsMayWiden();
        requestLayout();
    }

    /**
     * Gives the lines the rows in view and a few beyond. A line whose row stays in that range keeps
     * it and only moves (if devices came or went above it); the others take the rows that have no
     * line. Lines are made only in {@link #layoutChildren()}, where the list's height is known.
     */
    private void placeLines() {
        while (lines.size() > rows.size()) {
            DeviceLine gone = lines.remove(lines.size() - 1);
            gone.show(null);
            grid.getChildren().removeAll(gone.nodes());
        }
        int count = lines.size();
        int from = Math.max(0, Math.min(rows.size() - count, firstLineBelow(viewTop()) - MARGIN));
        Map<DeviceRow, DeviceLine> keep = new HashMap<>();
        List<DeviceLine> free = new ArrayList<>();
        Set<DeviceRow> range = new HashSet<>(rows.subList(from, from + count));
        for (DeviceLine line : lines) {
            if (line.row() != null && range.contains(line.row()) && !keep.containsKey(line.row())) keep.put(line.row(), line);
            else free.add(line);
        }
        for (int index = from; index < from + count; index++) {
            DeviceRow row = rows.get(index);
            DeviceLine line = keep.containsKey(row) ? keep.get(row) : free.remove(free.size() - 1);
            line.show(row);
            line.moveTo(index + 1);
            line.setSelected(row == selected.get());
            line.setGroupStart(index > 0 && DeviceOrder.isVirtual(row.device()) && !DeviceOrder.isVirtual(rows.get(index - 1).device()));
        }
    }

    /**
     * Makes the lines the list's height needs, styled at once so that they are drawn in this frame,
     * then sizes the columns for every device's texts, before the grid is laid out.
     */
    @Override
    protected void layoutChildren() {
        int wanted = Math.min(rows.size(), (int) Math.ceil(getHeight() / LINE_HEIGHT) + 1 + 2 * MARGIN);
        if (lines.size() < wanted) {
            List<DeviceLine> made = new ArrayList<>();
            while (lines.size() + made.size() < wanted) made.add(new DeviceLine(onChoice, this::clicked, this::columnsMayWiden));
            for (DeviceLine line : made) grid.getChildren().addAll(line.nodes());
            lines.addAll(made);
            placeLines();
            for (DeviceLine line : made) for (Node node : line.nodes()) node.applyCss();
        }
        if (widthsStale && !lines.isEmpty()) {
            widthsStale = false;
            widths.fit(rows, (Label) lines.get(0).nodes().get(2));
        }
        super.layoutChildren();
    }

    private void columnsMayWiden() {
        if (widthsStale) return;
        widthsStale = true;
        requestLayout();
    }

    private void clicked(DeviceRow row) {
        requestFocus();
        select(row);
    }

    private void keyPressed(KeyEvent e) {
        if (rows.isEmpty()) return;
        int at = Math.max(0, rows.indexOf(selected.get()));
        int to = switch (e.getCode()) {
            case UP, KP_UP -> at - 1;
            case DOWN, KP_DOWN -> at + 1;
            case PAGE_UP -> at - PAGE;
            case PAGE_DOWN -> at + PAGE;
            case HOME -> 0;
            case END -> rows.size() - 1;
            default -> -2;
        };
        if (to == -2) return;
        e.consume();
        int index = Math.max(0, Math.min(rows.size() - 1, to));
        select(rows.get(index));
        scrollTo(index);
    }

    /** Scrolls just enough for the line of the row at {@code index} to be fully in view, below the headings. */
    private void scrollTo(int index) {
        double hidden = hiddenHeight();
        if (hidden <= 0) return;
        double lineTop = lineTop(index), lineBottom = lineTop + LINE_HEIGHT;
        double top = viewTop();
        double visible = getViewportBounds().getHeight();
        if (lineTop - headerBackground.getHeight() < top) {
            setVvalue(Math.max(0, (lineTop - headerBackground.getHeight()) / hidden));
        } else if (lineBottom > top + visible) {
            setVvalue(Math.min(1, (lineBottom - visible) / hidden));
        }
    }
}
