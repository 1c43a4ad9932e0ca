package io.github.elevator.ui.bench;

import io.github.elevator.testing.XServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * No text cut, shortened or said twice and nothing out of reach, for every device of the
 * workstation fixture selected in turn (vda first), at 1366x768, 1024x768 and the window's
 * minimum size: idle, during and after a simulated sweep, during and after a quick run.
 * {@link GermanEveryDeviceRoomGuiIT} does the same in German.
 */
class EveryDeviceRoomGuiIT extends FxRobot {
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
    void everyDeviceSelectedInTurnHasRoomForItsTexts(String size) throws Exception {
        RoomForEveryDevice window = new RoomForEveryDevice(this).open(size, dir);
        assertEquals("vda", window.devices().get(0));
        assertEquals(List.of(), window.eachDeviceSelected(), "at " + size);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1366x768", "1024x768", "minimum"})
    void aSweepOnEveryDeviceHasRoomWhileItRunsAndAfter(String size) throws Exception {
        assertEquals(List.of(), new RoomForEveryDevice(this).open(size, dir).aSweepOnEachDevice(), "at " + size);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1366x768", "1024x768", "minimum"})
    void aQuickRunOnEveryDeviceHasRoomWhileItRunsAndAfter(String size) throws Exception {
        assertEquals(List.of(), new RoomForEveryDevice(this).open(size, dir).aQuickRunOnEachDevice(), "at " + size);
    }
}
