package io.github.elevator.ui.devices;

import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Bounds;
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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The device list: a line per device under column headings, one selected, moved through with the
 * arrow keys, Home, End and Page Up/Down. A grid of labels rather than a TableView: a table's first
 * layout took over half a second of the window's start, for a list that rarely has more than a
 * few dozen lines and needs neither sorting nor virtual scrolling.
 */
public final class DeviceTable extends ScrollPane {
    private static final String[] HEADINGS = {"", "Device", "Model", "Size", "Kind", "Type", "Mounted at", "Scheduler", "Rule"};
    private static final double LINE_HEIGHT = 34;
    private static final double SHRUNK_KIND_WIDTH = 88;
    private static final int PAGE = 10;

    private final ObservableList<DeviceRow> rows;
    private final BiConsumer<DeviceRow, String> onChoice;
    private final GridPane grid = new GridPane();
    private final Map<DeviceRow, DeviceLine> lines = new HashMap<>();
    private final ObjectProperty<DeviceRow> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyObjectWrapper<Set<String>> inView = new ReadOnlyObjectWrapper<>(this, "inView");
    private final InvalidationListener moved = o -> inViewMayHaveChanged();
    private boolean inViewPending;
    private final Label placeholder = new Label("Reading block devices…");
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
        setHbarPolicy(ScrollBarPolicy.NEVER);
        placeholder.getStyleClass().add("dim");
        columns();
        header();
        selected.addListener((obs, old, now) -> {
            if (old != null && lines.containsKey(old)) lines.get(old).setSelected(false);
            if (now != null && lines.containsKey(now)) lines.get(now).setSelected(true);
        });
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        grid.getChildren().setAll(header);
        grid.getRowConstraints().add(new RowConstraints());
        rows.addListener((ListChangeListener<DeviceRow>) change -> layoutLines());
        layoutLines();
        vvalueProperty().addListener(moved);
        viewportBoundsProperty().addListener(moved);
        grid.heightProperty().addListener(moved);
        selected.addListener(moved);
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
        Platform.runLater(() -> {
            inViewPending = false;
            findInView();
        });
    }

    private void findInView() {
        double height = getViewportBounds().getHeight();
        if (height <= 0 || grid.getHeight() <= 0) return;
        double top = getVvalue() * hiddenHeight();
        Set<String> names = new HashSet<>();
        for (Map.Entry<DeviceRow, DeviceLine> line : lines.entrySet()) {
            Bounds bounds = line.getValue().background().getBoundsInParent();
            if (bounds.getHeight() > 0 && bounds.getMaxY() > top && bounds.getMinY() < top + height) names.add(line.getKey().name());
        }
        if (selected.get() != null) names.add(selected.get().name());
        if (!names.equals(inView.get())) inView.set(Set.copyOf(names));
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
        for (int i = 0; i < HEADINGS.length; i++) {
            ColumnConstraints column = new ColumnConstraints();
            column.setMinWidth(Region.USE_PREF_SIZE);
            switch (HEADINGS[i]) {
                case "" -> column.setMinWidth(30);
                case "Model", "Mounted at" -> {
                    // as narrow as the heading: a long model or mount point is cut (its tooltip has it) rather than the scheduler
                    column.setHgrow(Priority.ALWAYS);
                    column.setMinWidth(Region.USE_COMPUTED_SIZE);
                }
                case "Kind", "Type" -> {
                    // on a small screen these give way too, down to the usual words ("virtio", "solid-state"), so
                    // that the scheduler and rule stay in view
                    column.setHgrow(Priority.SOMETIMES);
                    column.setMinWidth(SHRUNK_KIND_WIDTH);
                }
                case "Scheduler" -> column.setMinWidth(SchedulerBox.CHOOSER_WIDTH + 40);
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
            heading.setMouseTransparent(true);
            heading.setMinWidth(Region.USE_PREF_SIZE);
            GridPane.setConstraints(heading, i, 0);
            header.add(heading);
        }
        InvalidationListener follow = o -> {
            double offset = getVvalue() * hiddenHeight();
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

    /**
     * Places the lines after devices came or went. Lines of devices that stay keep their nodes and
     * only move: taking every node out and putting it back made the list flicker, cost a full
     * layout with 200 devices, and left a moment in which a device's line was not in the window.
     */
    private void layoutLines() {
        Set<DeviceRow> present = new HashSet<>(rows);
        for (Iterator<Map.Entry<DeviceRow, DeviceLine>> it = lines.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<DeviceRow, DeviceLine> gone = it.next();
            if (present.contains(gone.getKey())) continue;
            grid.getChildren().removeAll(gone.getValue().nodes());
            it.remove();
        }
        int index = 1;
        for (DeviceRow row : rows) {
            DeviceLine line = lines.get(row);
            if (line == null) {
                line = new DeviceLine(row, onChoice, this::clicked);
                line.background().layoutYProperty().addListener(moved);
                line.background().heightProperty().addListener(moved);
                lines.put(row, line);
                grid.getChildren().addAll(line.nodes());
            }
            line.moveTo(index++);
        }
        List<RowConstraints> heights = grid.getRowConstraints();
        while (heights.size() > rows.size() + 1) heights.remove(heights.size() - 1);
        while (heights.size() < rows.size() + 1) heights.add(new RowConstraints(LINE_HEIGHT));
        if (rows.isEmpty() && !grid.getChildren().contains(placeholder)) {
            GridPane.setConstraints(placeholder, 1, 1, GridPane.REMAINING, 1);
            grid.getChildren().add(placeholder);
        } else if (!rows.isEmpty()) {
            grid.getChildren().remove(placeholder);
        }
        if (selected.get() == null || !rows.contains(selected.get())) {
            selected.set(rows.isEmpty() ? null : rows.get(0));
        } else {
            lines.get(selected.get()).setSelected(true);
        }
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
        DeviceRow row = rows.get(Math.max(0, Math.min(rows.size() - 1, to)));
        select(row);
        scrollTo(lines.get(row).background());
    }

    /** Scrolls just enough for {@code line} to be fully in view, below the headings. */
    private void scrollTo(Region line) {
        double hidden = hiddenHeight();
        if (hidden <= 0) return;
        Bounds bounds = line.getBoundsInParent();
        double top = getVvalue() * hidden;
        double visible = getViewportBounds().getHeight();
        if (bounds.getMinY() - headerBackground.getHeight() < top) {
            setVvalue(Math.max(0, (bounds.getMinY() - headerBackground.getHeight()) / hidden));
        } else if (bounds.getMaxY() > top + visible) {
            setVvalue(Math.min(1, (bounds.getMaxY() - visible) / hidden));
        }
    }
}
