package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.device.DeviceNames;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.FxStallDetector;
import io.github.elevator.testing.LineScheduler;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.window.DeviceFollower;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two hundred RAM-backed loop devices (1 MiB each), attached and detached by this test, in the real
 * window following the kernel's events: all listed in natural order, reachable from the keyboard,
 * gone when detached, and the JavaFX thread never waits in Elevator's code meanwhile.
 */
class ScaleGuiIT extends FxRobot {
    private static final int DEVICES = 200;
    private final List<LoopDevice> loops = new ArrayList<>();
    /** Detached by the test: their number may be another program's device by now, so only their files are removed. */
    private final Set<LoopDevice> detached = new java.util.HashSet<>();
    private DeviceFollower follower;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Require.root();
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (follower != null) follower.close();
        FxToolkit.cleanupStages();
        Exception first = null;
        for (LoopDevice loop : loops) {
            try {
                if (detached.contains(loop)) java.nio.file.Files.deleteIfExists(loop.backingFile());
                else loop.close();
            } catch (Exception e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }

    private Set<String> ours() {
        return loops.stream().map(LoopDevice::name).collect(Collectors.toSet());
    }

    /** The rows are the JavaFX thread's: read there, not while it changes them. */
    private List<String> listed(DeviceTable table) throws Exception {
        Set<String> ours = ours();
        return WaitForAsyncUtils.asyncFx(() -> table.rows().stream().map(DeviceRow::name).filter(ours::contains).toList())
                .get(10, TimeUnit.SECONDS);
    }

    private LoopDevice loopNamed(String name) {
        return loops.stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow();
    }

    /** The scheduler the device's line shows, read on the JavaFX thread. */
    private String shownScheduler(LoopDevice loop) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> lookup("#scheduler-" + loop.name()).tryQuery().map(LineScheduler::shown).orElse(""))
                .get(5, TimeUnit.SECONDS);
    }

    @Test
    void twoHundredDevicesComeAndGoInOrderWithoutTheWindowWaiting() throws Exception {
        HelperRunner helper = new HelperRunner(Path.of("/nonexistent/elevator-helper"), true);
        SchedulerService service = new SchedulerService(BlockDeviceScanner.system(), helper);
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), helper,
                HeldDevices.system(helper), new BenchmarkHistory(dir.resolve("history")));
        FxToolkit.setupStage(stage -> {
            ElevatorApp.Models models = ElevatorApp.create(service, benchmarks, new FxTaskRunner());
            // two hundred loop devices are many: listed only once the person asks for them (Show loop devices)
            models.devices().showLoopDevicesProperty().set(true);
            ElevatorApp.show(stage, models, null, io.github.elevator.ui.common.ColorScheme.LIGHT, 1366, 768);
            follower = ElevatorApp.followHotplug(models.devices());
        });
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        try (FxStallDetector stalls = FxStallDetector.start()) {
            for (int i = 0; i < DEVICES; i++) loops.add(LoopDevice.attach(1));
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> listed(table).size() == DEVICES);
            List<String> expected = loops.stream().map(LoopDevice::name).sorted(DeviceNames.NATURAL).toList();
            assertEquals(expected, listed(table), "every device listed, in natural order");

            clickOn(table);
            type(KeyCode.END);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(table.rows().get(table.rows().size() - 1), table.selectedProperty().get(), "End reaches the last line");

            // Switches made elsewhere show within 2 s: on a line in view (the last, selected), and on one out of view
            // (the first) once it is scrolled into view, though idle the window compares those only every ten seconds.
            LoopDevice last = loopNamed(expected.get(expected.size() - 1)), first = loopNamed(expected.get(0));
            last.set("mq-deadline");
            WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> "mq-deadline".equals(shownScheduler(last)));
            first.set("kyber");
            type(KeyCode.HOME);
            WaitForAsyncUtils.waitFor(2, TimeUnit.SECONDS, () -> "kyber".equals(shownScheduler(first)));
            // a loop device keeps its scheduler after it is detached: put back what the kernel gave them
            last.set("none");
            first.set("none");

            for (LoopDevice loop : loops.subList(0, DEVICES / 2)) {
                loop.detachNow();
                detached.add(loop);
            }
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> listed(table).size() == DEVICES / 2);
            for (LoopDevice loop : loops.subList(DEVICES / 2, DEVICES)) {
                loop.detachNow();
                detached.add(loop);
            }
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> listed(table).isEmpty());
            stalls.close();
            assertTrue(stalls.longestMillis() <= 50, "the JavaFX thread waited " + stalls.longestMillis() + " ms in:" + stalls.longestWhere());
        }
    }
}
