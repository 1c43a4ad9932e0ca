package io.github.elevator.ui.bench;

import io.github.elevator.testing.XServer;
import io.github.elevator.text.Messages;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
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
 * 1366x768 every row in view without scrolling. The Copy buttons are reached by Tab and by their
 * mnemonic, and Space on one copies its command. {@link GermanFioRoomGuiIT} does the same in German.
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
        assertEquals(List.of(), window.aQuickRun("sdc", false), "at " + size);
        assertTrue(lookup("#fio-quick-command-0").tryQuery().isEmpty(), "the commands are closed until asked for");
        if (size.equals("1366x768")) {
            assertFalse(RoomGuiIT.barShown(lookup("#quick-result").queryAs(ScrollPane.class)), "at 1366x768 the tiles and the line about fio are in view without scrolling");
        }
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
