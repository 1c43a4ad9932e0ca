package io.github.elevator.ui.bench;

import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.control.ToggleButton;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;

/**
 * A finished state of {@link BenchmarkPanelDemo} reached in a test's window: sdc selected, every
 * scheduler benchmarked by the window's sweep ({@link SimulatedSweep#of}), and for "detail" the
 * first workload's detail opened.
 */
final class DemoState {
    private DemoState() {
    }

    static void reach(FxRobot robot, BenchmarkController bench, String state) throws Exception {
        DeviceTable table = robot.lookup("#devices").queryAs(DeviceTable.class);
        DeviceRow sdc = table.rows().stream().filter(r -> r.name().equals("sdc")).findFirst().orElseThrow();
        robot.interact(() -> table.select(sdc));
        robot.clickOn("#benchmark-all");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get()
                && robot.lookup("#benchmark").queryAs(BenchmarkView.class).results().comparisonCount() == 3);
        if (state.equals("detail")) robot.interact(() -> robot.lookup("#open-seq-read").queryAs(ToggleButton.class).setSelected(true));
        Thread.sleep(300); // the window's fitting of its parts follows the layout that showed the results
        WaitForAsyncUtils.waitForFxEvents();
    }
}
