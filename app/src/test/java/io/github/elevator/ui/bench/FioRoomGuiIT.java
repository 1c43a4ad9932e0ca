package io.github.elevator.ui.bench;

import io.github.elevator.testing.XServer;
import io.github.elevator.text.Messages;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rows of a check with fio in the real window over the workstation fixture (a simulated check
 * on the USB stick): at 1366x768, 1024x768 and the window's minimum size no text cut, shortened or
 * said twice, nothing outside the window or cut sideways and no sideways scroll; each workload's
 * command and its Copy button on a line of their own under its figures, as wide as the panel; at
 * 1366x768 every row in view without scrolling. After a plain quick run (compared with one
 * before it, a line more in each tile), at every size the link to fio's commands in view without
 * scrolling and the tiles whole (at 1366x768 and 1024x768 in view too; at the minimum the panel
 * scrolls to them, as it did before). The Copy buttons are reached by Tab and by their mnemonic,
 * and Space on one copies its command. {@link GermanFioRoomGuiIT} does the same in German.
 */
class FioRoomGuiIT extends FxRobot {
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1366x768", "1024x768", "minimum"})
    void theRowsOfACheckWithFioHaveRoomAndEachCommandALineOfItsOwn(String size) throws Exception {
        RoomForEveryDevice window = new RoomForEveryDevice(this).open(size, dir);
        assertEquals(List.of(), window.aCheckWithFio("sdc", standInForFio()), "at " + size);
        assertEquals(List.of(), commandLinesNotOfTheirOwn(), "at " + size);
        if (size.equals("1366x768")) {
            assertFalse(RoomGuiIT.barShown(lookup("#quick-result").queryAs(ScrollPane.class)), "at 1366x768 the tiles and fio's rows are in view without scrolling");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1366x768", "1024x768", "minimum"})
    void aPlainQuickRunSaysInOneLineThatFioDidNotCheckItAndOpensTheCommandsOnRequest(String size) throws Exception {
        RoomForEveryDevice window = new RoomForEveryDevice(this).open(size, dir);
        // as after any second run: the tiles compare it with the one before, a line more in each
        assertEquals(List.of(), window.aQuickRunAfterAnother("sdc"), "at " + size);
        assertTrue(lookup(".quick-change").queryAll().stream().anyMatch(Node::isVisible), "the tiles compare the run with the one before");
        assertTrue(lookup("#fio-quick-command-0").tryQuery().isEmpty(), "the commands are closed until asked for");
        if (size.equals("1366x768")) {
            assertFalse(RoomGuiIT.barShown(lookup("#quick-result").queryAs(ScrollPane.class)), "at 1366x768 the tiles are in view without scrolling");
        }
        assertEquals(List.of(), outOfView("#fio-quick-commands"), "at " + size + " the link to fio's commands is in view without scrolling");
        assertEquals(List.of(), tilesNotWhole(!size.equals("minimum")), "at " + size);
        interact(() -> lookup("#fio-quick-commands").query().requestFocus());
        String link = Messages.text("ui.bench.fio.commands.show");
        KeyCode mnemonic = KeyCode.getKeyCode(String.valueOf(Character.toUpperCase(link.charAt(link.indexOf('_') + 1))));
        press(KeyCode.ALT).press(mnemonic).release(mnemonic).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lookup("#fio-quick-command-2").tryQuery().isPresent(), "Alt+" + mnemonic + " opens the commands");
        assertEquals(List.of(), commandLinesNotOfTheirOwn(), "at " + size);
        type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lookup("#fio-quick-command-0").tryQuery().isEmpty(), "Space on the link closes them again");
        assertEquals(List.of(), window.aQuickRun("sdc", true), "at " + size + ", opened by a click");
        interact(() -> {
            ScrollPane pane = lookup("#quick-result").queryAs(ScrollPane.class);
            Bounds view = pane.localToScene(pane.getLayoutBounds()), first = inScene(lookup("#fio-quick-command-0").query());
            assertTrue(first.getMinY() >= view.getMinY() - 1 && first.getMinY() < view.getMaxY(),
                    "at " + size + " the first command is in view once opened: " + first + " in " + view);
        });
    }

    @Test
    void theCopyButtonsAreReachedByTabAndByTheirMnemonicAndSpaceCopiesTheCommand() throws Exception {
        RoomForEveryDevice window = new RoomForEveryDevice(this).open("1024x768", dir);
        assertEquals(List.of(), window.aCheckWithFio("sdc", standInForFio()));
        interact(() -> lookup("#fio-quick-command-0").query().requestFocus());
        type(KeyCode.TAB);
        assertEquals("fio-quick-copy-0", focused(), "Tab from a command reaches its Copy button");
        String copy = Messages.text("ui.bench.fio.copy");
        KeyCode mnemonic = KeyCode.getKeyCode(String.valueOf(Character.toUpperCase(copy.charAt(copy.indexOf('_') + 1))));
        press(KeyCode.ALT).press(mnemonic).release(mnemonic).release(KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        String moved = focused();
        assertTrue(moved != null && moved.matches("fio-quick-copy-[12]"), "Alt+" + mnemonic + " moves to another Copy button: " + moved);
        type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        String command = lookup("#" + moved.replace("copy", "command")).queryAs(TextField.class).getText();
        assertEquals(command, WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get(), "Space copies its command");
    }

    /** The simulated check runs no fio: an executable where the window looks for it is enough to offer the check. */
    private Path standInForFio() throws java.io.IOException {
        return Files.createFile(dir.resolve("fio"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    private String focused() {
        Node owner = lookup("#fio-quick").query().getScene().getFocusOwner();
        return owner == null ? null : owner.getId();
    }

    /**
     * Where the node lies outside the window or outside what a scroll pane around it shows, as
     * they are now (nothing scrolled by the test): each such pane, with both bounds.
     */
    private List<String> outOfView(String selector) {
        List<String> out = new ArrayList<>();
        interact(() -> {
            Node node = lookup(selector).query();
            Bounds b = inScene(node);
            if (!node.isVisible() || b.getWidth() <= 0) out.add(selector + " is not drawn");
            Scene scene = node.getScene();
            if (b.getMinX() < -1 || b.getMinY() < -1 || b.getMaxX() > scene.getWidth() + 1 || b.getMaxY() > scene.getHeight() + 1) {
                out.add(selector + " at " + b + " outside the window of " + scene.getWidth() + "x" + scene.getHeight());
            }
            for (Node n = node.getParent(); n != null; n = n.getParent()) {
                if (!(n instanceof ScrollPane pane)) continue;
                Node port = pane.lookup(".viewport");
                Bounds view = port == null ? inScene(pane) : inScene(port);
                if (b.getMinY() < view.getMinY() - 1 || b.getMaxY() > view.getMaxY() + 1 || b.getMinX() < view.getMinX() - 1
                        || b.getMaxX() > view.getMaxX() + 1) {
                    out.add(selector + " at " + b + " outside what " + (pane.getId() == null ? "a scroll pane" : "#" + pane.getId()) + " shows: " + view);
                }
            }
        });
        return out;
    }

    /**
     * The quick tiles that are not whole: lower than the height their lines need, or (with
     * {@code inView}) not wholly in view without scrolling.
     */
    private List<String> tilesNotWhole(boolean inView) {
        List<String> found = new ArrayList<>();
        for (String tile : List.of("#quick-seq-read", "#quick-rand-read", "#quick-rand-read-qd32")) {
            interact(() -> {
                Region r = lookup(tile).queryAs(Region.class);
                if (r.getHeight() + 0.5 < r.prefHeight(r.getWidth())) {
                    found.add(tile + " is " + Math.round(r.getHeight()) + " px high of the " + Math.round(r.prefHeight(r.getWidth())) + " its lines need");
                }
            });
            if (inView) found.addAll(outOfView(tile));
        }
        return found;
    }

    /** Each command and its Copy button that are not on a line of their own under the figures, as wide as fio's rows. */
    private List<String> commandLinesNotOfTheirOwn() {
        List<String> found = new ArrayList<>();
        interact(() -> {
            Bounds rows = inScene(lookup("#fio-quick").query());
            for (int i = 0; i < 3; i++) {
                Bounds figures = inScene(lookup("#fio-quick-figures-" + i).query()), command = inScene(lookup("#fio-quick-command-" + i).query()),
                        copy = inScene(lookup("#fio-quick-copy-" + i).query());
                if (command.getMinY() < figures.getMaxY() || Math.abs(command.getCenterY() - copy.getCenterY()) > 2) {
                    found.add("command " + i + " at " + command + ", its figures at " + figures + ", its Copy button at " + copy);
                }
                if (command.getMinX() > rows.getMinX() + 2 || copy.getMaxX() < rows.getMaxX() - 2) {
                    found.add("command " + i + " from x " + Math.round(command.getMinX()) + " and its Copy button to x "
                            + Math.round(copy.getMaxX()) + ", fio's rows from " + Math.round(rows.getMinX()) + " to " + Math.round(rows.getMaxX()));
                }
            }
        });
        return found;
    }

    private static Bounds inScene(Node n) {
        return n.localToScene(n.getLayoutBounds());
    }
}
