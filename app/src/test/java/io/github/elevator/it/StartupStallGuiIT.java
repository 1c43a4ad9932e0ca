package io.github.elevator.it;

import io.github.elevator.testing.FxStallDetector;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real application started as the launcher starts it, on this machine's own devices: the
 * JavaFX thread never waits in Elevator's code (on a future, a process, a file) for more than
 * 50 ms while the window comes up and fills in.
 */
class StartupStallGuiIT extends FxRobot {
    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void theJavaFxThreadNeverWaitsDuringStart() throws Exception {
        ElevatorApp app;
        try (FxStallDetector stalls = FxStallDetector.start()) {
            app = (ElevatorApp) FxToolkit.setupApplication(ElevatorApp::new);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                    && lookup("#details-title").tryQuery().isPresent());
            Thread.sleep(1000);
            WaitForAsyncUtils.waitForFxEvents();
            stalls.close();
            assertTrue(stalls.longestMillis() <= 50, "the JavaFX thread waited " + stalls.longestMillis() + " ms in:" + stalls.longestWhere());
        }
        FxToolkit.cleanupApplication(app);
    }
}
