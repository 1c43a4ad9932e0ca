package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.Elision;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.Background;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole window at the size it opens with on common screens, over the copied workstation's
 * ten disks: every control inside the window, no text of the device list cut, the benchmark panel
 * whole without scrolling, and readable colours in the dark scheme (measured on what is drawn).
 */
class WindowLayoutGuiIT extends FxRobot {
    @TempDir
    Path dir;
    private Stage stage;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    private Runnable uncover = () -> { };

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
        interact(uncover);
    }

    private void show(double screenWidth, double screenHeight, ColorScheme scheme) throws Exception {
        HelperRunner helper = new HelperRunner(Path.of("/nonexistent/elevator-helper"), true);
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), helper);
        BenchmarkService benchmarks = new BenchmarkService(new BlockDeviceScanner(Fixtures.workstation()), helper,
                HeldDevices.system(helper), new BenchmarkHistory(dir.resolve("history")));
        stage = FxToolkit.setupStage(s -> {
            FxTaskRunner tasks = new FxTaskRunner();
            ElevatorApp.Models models = ElevatorApp.create(devices, benchmarks, tasks);
            ElevatorApp.show(s, models, ElevatorApp.createRules(new RulesService(devices, dir), tasks, models.devices()),
                    scheme, screenWidth, screenHeight);
        });
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                && lookup("#details-title").tryQuery().isPresent() && lookup("#name-zram0").tryQuery().isPresent());
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @ParameterizedTest(name = "screen {0}x{1}")
    @CsvSource({"1366, 768", "1024, 768", "960, 660"})
    void everyControlIsInsideTheWindowAndNoDeviceTextIsCut(int screenWidth, int screenHeight) throws Exception {
        show(screenWidth, screenHeight, ColorScheme.LIGHT);
        double width = stage.getScene().getWidth(), height = stage.getScene().getHeight();
        assertTrue(width <= screenWidth && height <= screenHeight - 40, "the window fits the screen: " + width + "x" + height);
        assertTrue(stage.getMinWidth() <= 1024 && stage.getMinHeight() <= 768 - 100 && stage.getMinWidth() >= 900,
                "a minimum size that fits a 1024x768 screen: " + stage.getMinWidth() + "x" + stage.getMinHeight());

        List<String> outside = new ArrayList<>();
        interact(() -> visibleControls(stage.getScene().getRoot()).forEach(c -> {
            Bounds b = c.localToScene(c.getLayoutBounds());
            if (b.getMinX() < -1 || b.getMinY() < -1 || b.getMaxX() > width + 1 || b.getMaxY() > height + 1) outside.add(describe(c, b));
        }));
        assertEquals(List.of(), outside, "controls outside the " + width + "x" + height + " window");

        List<String> headingsOut = new ArrayList<>();
        interact(() -> {
            javafx.scene.control.ScrollPane list = lookup("#devices").queryAs(javafx.scene.control.ScrollPane.class);
            Bounds view = list.localToScene(list.getLayoutBounds());
            double right = view.getMinX() + list.snappedLeftInset() + list.getViewportBounds().getWidth();
            for (Node h : lookup("#devices .device-heading").queryAll()) {
                double end = h.localToScene(h.getLayoutBounds()).getMaxX();
                if (!((Labeled) h).getText().isEmpty() && end > right + 1) headingsOut.add(((Labeled) h).getText() + " ends at " + end + ", the list's view at " + right);
            }
        });
        if (screenWidth >= 1024) {
            assertEquals(List.of(), headingsOut, "device list headings past the right edge of the list's view");
        } else if (!headingsOut.isEmpty()) {
            ScrollBar sideways = bar("#devices", Orientation.HORIZONTAL);
            assertTrue(sideways != null && sideways.isVisible(), "the list scrolls sideways to " + headingsOut);
        }

        ScrollBar benchBar = verticalBar("#benchmark-scroll");
        if (screenHeight >= 768) assertFalse(benchBar != null && benchBar.isVisible(), "the benchmark panel is whole, without scrolling");

        List<String> cut = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#devices .label").queryAll()) {
                if (n instanceof Labeled l && isShowing(l) && Elision.isElided(l)) cut.add(l.getId() + ": '" + l.getText() + "' drawn as '" + Elision.shownText(l) + "'");
            }
            for (Node n : lookup("#details .label").queryAll()) {
                if (n instanceof Labeled l && isShowing(l) && Elision.isElided(l)) cut.add(l.getId() + ": '" + l.getText() + "' drawn as '" + Elision.shownText(l) + "'");
            }
        });
        // on a 1024-pixel screen long models and mount points may be shortened (the line's tooltip has them); at 1366 only truly
        // long ones, in the device list (checked on its own, below); on larger screens nothing
        if (screenWidth > 1366) assertEquals(List.of(), cut, "text of the device list and details cut");
    }

    /**
     * Longer than this a value is "truly long" and the device list may shorten it (a mount path in
     * its middle); the line's tooltip has it whole. The fixture's longest model, "Samsung SSD 980
     * PRO 1TB", has 23 characters.
     */
    static final int TRULY_LONG = 24;

    @Test
    void atTheDefaultSizeOnA1366ScreenNoDeviceTextIsCut() throws Exception {
        show(1366, 768, ColorScheme.LIGHT);
        List<String> cut = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        interact(() -> {
            for (Node n : lookup("#devices .label").queryAll()) {
                if (!(n instanceof Labeled l) || !isShowing(l) || l.getText() == null) continue;
                shown.add(l.getText());
                if (l.getText().length() <= TRULY_LONG && Elision.isElided(l)) {
                    cut.add(l.getId() + ": '" + l.getText() + "' drawn as '" + Elision.shownText(l) + "'");
                }
            }
        });
        assertTrue(shown.contains("Samsung SSD 980 PRO 1TB") && shown.contains("/media/alex/CRUZER"),
                "the fixture's longest model and mount point are listed: " + shown);
        assertEquals(List.of(), cut, "text of the device list of at most " + TRULY_LONG + " characters cut");
    }

    @Test
    void theDarkSchemeKeepsHoveredAndSelectedLinesAndPlaceholdersReadable() throws Exception {
        show(1366, 768, ColorScheme.DARK);
        interact(() -> uncover = new io.github.elevator.ui.common.Theme(ColorScheme.DARK).coverAllWindows());
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        interact(() -> table.rows().stream().filter(r -> r.name().equals("sda")).findFirst().ifPresent(table::select));
        clickOn("#name-sda");
        moveTo("#name-sdb");
        WaitForAsyncUtils.waitForFxEvents();
        Label hovered = lookup("#name-sdb").queryAs(Label.class);
        Label selected = lookup("#name-sda").queryAs(Label.class);
        double hover = contrast(hovered.getTextFill(), lineBackground(hovered));
        double select = contrast(selected.getTextFill(), lineBackground(selected));
        assertTrue(hover >= 4.5, "hovered line: contrast " + hover + " of " + hovered.getTextFill() + " on " + lineBackground(hovered));
        assertTrue(select >= 4.5, "selected line: contrast " + select + " of " + selected.getTextFill() + " on " + lineBackground(selected));

        clickOn("#rules");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#rule-read-ahead").tryQuery().isPresent());
        TextField field = lookup("#rule-read-ahead").queryAs(TextField.class);
        double prompt = contrast(field.getPromptText() == null ? Color.BLACK : promptFill(field), fill(field.getBackground()));
        assertTrue(prompt >= 4.5, "the 'kernel's default' placeholder: contrast " + prompt);
    }

    private static Paint promptFill(TextField field) {
        return field.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text t && field.getPromptText().equals(t.getText()))
                .map(n -> ((javafx.scene.text.Text) n).getFill()).findFirst().orElseThrow();
    }

    /** The colour of the device line under a cell: the line's background region at the same row. */
    private Paint lineBackground(Label cell) {
        Bounds at = cell.localToScene(cell.getLayoutBounds());
        return lookup(".device-line").queryAll().stream().map(n -> (Region) n)
                .filter(r -> {
                    Bounds b = r.localToScene(r.getLayoutBounds());
                    return b.getMinY() <= at.getCenterY() && b.getMaxY() >= at.getCenterY();
                }).findFirst().map(r -> fill(r.getBackground())).orElseThrow();
    }

    private static Paint fill(Background background) {
        return background.getFills().get(background.getFills().size() - 1).getFill();
    }

    /** WCAG contrast ratio of two opaque colours. */
    static double contrast(Paint a, Paint b) {
        double la = luminance(color(a)), lb = luminance(color(b));
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** A colour, or for a gradient (Modena draws some backgrounds so) the mean of its stops. */
    private static Color color(Paint p) {
        if (p instanceof Color c) return c;
        List<javafx.scene.paint.Stop> stops = ((javafx.scene.paint.LinearGradient) p).getStops();
        double r = 0, g = 0, b = 0;
        for (javafx.scene.paint.Stop s : stops) {
            r += s.getColor().getRed();
            g += s.getColor().getGreen();
            b += s.getColor().getBlue();
        }
        return Color.color(r / stops.size(), g / stops.size(), b / stops.size());
    }

    private static double luminance(Color c) {
        return 0.2126 * channel(c.getRed()) + 0.7152 * channel(c.getGreen()) + 0.0722 * channel(c.getBlue());
    }

    private static double channel(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }

    private ScrollBar verticalBar(String scrollPane) {
        return bar(scrollPane, Orientation.VERTICAL);
    }

    private ScrollBar bar(String scrollPane, Orientation orientation) {
        return lookup(scrollPane).queryAll().stream().findFirst().flatMap(p -> ((Parent) p).getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof ScrollBar s && s.getOrientation() == orientation).map(n -> (ScrollBar) n).findFirst())
                .orElse(null);
    }

    /** Controls that are drawn: visible themselves and all their parents, with a size; not inside a scrolling pane's content. */
    private static List<Control> visibleControls(Parent root) {
        List<Control> found = new ArrayList<>();
        collect(root, found);
        return found;
    }

    private static void collect(Node node, List<Control> found) {
        if (!node.isVisible()) return;
        if (node instanceof Control c && c.getWidth() > 0 && c.getHeight() > 0 && !insideScrolledContent(c)) found.add(c);
        if (node instanceof javafx.scene.control.ScrollPane) {
            found.add((Control) node);
            return; // what is inside scrolls into view; the pane itself must be inside the window
        }
        if (node instanceof Parent p) p.getChildrenUnmodifiable().forEach(child -> collect(child, found));
    }

    private static boolean insideScrolledContent(Node n) {
        for (Node p = n.getParent(); p != null; p = p.getParent()) if (p instanceof javafx.scene.control.ScrollPane) return true;
        return false;
    }

    private static boolean isShowing(Node n) {
        for (Node p = n; p != null; p = p.getParent()) if (!p.isVisible()) return false;
        return true;
    }

    private static String describe(Control c, Bounds b) {
        String what = c.getClass().getSimpleName() + (c.getId() == null ? "" : "#" + c.getId())
                + (c instanceof Labeled l && l.getText() != null ? " '" + l.getText() + "'" : "");
        return what + " at " + Math.round(b.getMinX()) + "," + Math.round(b.getMinY()) + "-" + Math.round(b.getMaxX()) + "," + Math.round(b.getMaxY());
    }
}
