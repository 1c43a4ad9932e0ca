package io.github.elevator.it;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.HeldDevices;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.bench.BenchmarkView;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** "Benchmark all schedulers" in the real window on a real loop device. */
class BenchmarkGuiIT extends FxRobot {
    private LoopDevice loop;

    @TempDir
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        Require.root();
        loop = LoopDevice.attachFilled(64);
        loop.set("mq-deadline");
        FxToolkit.registerPrimaryStage();
        HelperRunner runner = new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true);
        SchedulerService service = new SchedulerService(BlockDeviceScanner.system(), runner);
        BenchmarkService benchmarks = new BenchmarkService(BlockDeviceScanner.system(), runner,
                HeldDevices.system(runner), new BenchmarkHistory(dir.resolve("history")));
        FxToolkit.setupStage(stage -> ElevatorApp.show(stage, ElevatorApp.create(service, benchmarks, new FxTaskRunner())));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#scheduler-" + loop.name()).tryQuery().isPresent());
        // The panel is built once the device list has been drawn.
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent());
        selectLoop();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (loop != null) {
            FxToolkit.cleanupStages();
            loop.close();
        }
    }

    private void selectLoop() {
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        interact(() -> table.rows().stream().filter(r -> r.name().equals(loop.name())).findFirst().ifPresent(table::select));
    }

    private BenchmarkView view() {
        return lookup("#benchmark").queryAs(BenchmarkView.class);
    }

    /**
     * The real sweep in the window, on rand-read-qd32 alone (the workload where the schedulers'
     * CPU cost separates them most). However busy the machine, a sweep that ran its blocks ends in
     * a recommendation, and Apply names it.
     */
    @Test
    void aSweepDrawsTheWorkloadLiveThenItsComparisonAndRestores() throws Exception {
        clickOn("#workload-seq-read");
        clickOn("#workload-rand-read");
        clickOn("#benchmark-all");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view().results().chartSeries() >= 2);
        assertTrue(view().results().chartPoints() > 0);
        assertTrue(view().results().chartTitle().startsWith("rand-read-qd32 — IOPS"), view().results().chartTitle());
        assertTrue(lookup("#benchmark-all").query().isDisabled(), "locked while it runs");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
                () -> lookup("#progress-text").queryAs(Label.class).getText().startsWith("Finished"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, view().results().comparisonCount(), "one comparison per chosen workload");
        assertEquals(1, lookup(".comparison-chart").queryAll().size());
        String recommendation = lookup("#recommendation").queryLabeled().getText();
        assertTrue(recommendation.matches("(Recommended|Equal|Not measured): .*"), "the bold line says the answer's kind: " + recommendation);
        Button apply = lookup("#apply-winner").queryButton();
        assertFalse(apply.isDisabled(), recommendation);
        String scheduler = apply.getText().replaceFirst("^Apply ([a-z-]+)( \\(.*\\))?$", "$1");
        assertTrue(recommendation.startsWith("Recommended: " + scheduler) || recommendation.contains(" " + scheduler + " is named"),
                apply.getText() + " / " + recommendation);
        assertEquals(recommendation.startsWith("Not measured: "), apply.getText().endsWith(")"), "a default is applied as one: " + apply.getText());
        assertEquals("mq-deadline", loop.active());
        assertTrue(lookup("#progress-text").queryAs(Label.class).getText().contains("back on mq-deadline"));
    }

    @Test
    void cancellingASweepPutsTheOriginalSchedulerBack() throws Exception {
        clickOn("#benchmark-all");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !loop.active().equals("mq-deadline"));
        clickOn("#cancel");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#progress-text").queryAs(Label.class).getText().startsWith("Cancelled"));
        assertEquals("mq-deadline", loop.active());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, view().results().comparisonCount(), () -> lookup("#progress-text").queryAs(Label.class).getText() + " / "
                + lookup(".comparison").queryAll().stream().map(n -> n.getId()).toList());
        assertFalse(lookup("#benchmark-all").query().isDisabled(), "free again");
    }

    @Test
    void checkWithFioShowsFiosRealFiguresBesideElevatorsWithTheCommandThatRanAndRestores() throws Exception {
        io.github.elevator.testing.Require.command(io.github.elevator.bench.FioCommand.FIO);
        clickOn("#check-with-fio");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
                () -> lookup("#progress-text").queryAs(Label.class).getText().startsWith("Finished"));
        WaitForAsyncUtils.waitForFxEvents();
        java.util.List<String> workloads = java.util.List.of("seq-read", "rand-read", "rand-read-qd32");
        for (int i = 0; i < workloads.size(); i++) {
            javafx.scene.control.TextField command = lookup("#fio-quick-command-" + i).query();
            assertEquals(io.github.elevator.bench.FioComparison.shown(io.github.elevator.bench.FioCommand.argv(
                    workloads.get(i), loop.name(), 1)), command.getText(), "fio's 1 s turns");
            String figures = lookup("#fio-quick-figures-" + i).queryLabeled().getText().replace('\u00a0', ' ');
            assertTrue(figures.matches("(?s)Elevator [0-9,.]+ (IOPS|MiB/s) · fio [0-9,.]+ (IOPS|MiB/s) · ratio [0-9]+\\.[0-9]{2} (\\([0-9]+\\.[0-9]{2}–[0-9]+\\.[0-9]{2}\\) )?· p99 .*"), figures);
        }
        assertEquals("mq-deadline", loop.active());
    }

    @Test
    void cancellingWhileFioRunsPutsTheOriginalSchedulerBack() throws Exception {
        io.github.elevator.testing.Require.command(io.github.elevator.bench.FioCommand.FIO);
        clickOn("#check-with-fio");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#progress-text").queryAs(Label.class).getText().contains("fio: "));
        clickOn("#cancel");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#progress-text").queryAs(Label.class).getText().startsWith("Cancelled"));
        assertEquals("mq-deadline", loop.active());
        assertTrue(lookup("#fio-quick-command-0").tryQuery().isEmpty(), "nothing of a cancelled check is shown");
    }
}
