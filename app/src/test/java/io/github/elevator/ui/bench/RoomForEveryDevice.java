package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.CutText;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The real window over the workstation fixture (vda mounted on shared folders too), each of its devices selected in turn (vda first,
 * the machine's own disk, as a virtual machine opens on it), and for each what the window draws
 * wrongly: text cut or shortened, a prompt too wide for its field, words said twice, controls
 * outside the window or cut sideways by a pane, a part that needs a sideways scroll. Idle, during
 * and after a simulated sweep, during and after a quick run, after a check with fio.
 */
final class RoomForEveryDevice {
    /** Samples of a quick run this far apart: slow enough that a look finds it running. */
    private static final long QUICK_PACE_MILLIS = 100;

    private final FxRobot robot;
    private final SimulatedSweep sweep = everyWorkload();
    private Stage stage;
    private BenchmarkController bench;
    private BenchmarkHistory history;

    RoomForEveryDevice(FxRobot robot) {
        this.robot = robot;
    }

    /** The typical sweep, with levels for the workloads that write too (a device whose folder root can write ticks them). */
    private static SimulatedSweep everyWorkload() {
        SimulatedSweep s = SimulatedSweep.typical();
        for (Workload w : Workload.values()) {
            if (w.raw()) continue;
            for (String scheduler : List.of("none", "mq-deadline", "kyber", "bfq")) s.level(w.id(), scheduler, scheduler.equals("bfq") ? 900 : 1200);
        }
        return s;
    }

    /** "1366x768", "1024x768" (the window as it opens on such a screen) or "minimum" (made as small as it lets itself). */
    RoomForEveryDevice open(String size, Path dir) throws Exception {
        boolean minimum = size.equals("minimum");
        String[] wh = (minimum ? "1024x768" : size).split("x");
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(withVdaOnSharedFolders(dir.resolve("machine"))),
                new HelperRunner(Path.of("/bin/false"), true));
        FxTaskRunner tasks = new FxTaskRunner();
        stage = FxToolkit.setupStage(s -> {
            DeviceListViewModel devices = new DeviceListViewModel(schedulers, tasks);
            devices.refresh();
            history = new BenchmarkHistory(dir.resolve("history"));
            bench = new BenchmarkController(sweep, history, schedulers, tasks, devices::say, devices::refresh);
            ElevatorApp.show(s, new ElevatorApp.Models(devices, bench), ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, devices),
                    ColorScheme.LIGHT, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
            s.setX(0);
            s.setY(0);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#benchmark").tryQuery().isPresent()
                && robot.lookup("#details-title").tryQuery().isPresent() && table().rows().size() > 3);
        if (minimum) {
            robot.interact(() -> {
                stage.setWidth(stage.getMinWidth());
                stage.setHeight(stage.getMinHeight());
            });
        }
        WaitForAsyncUtils.waitForFxEvents();
        return this;
    }

    /**
     * A copy of the workstation whose vda is mounted on /tmp and /var/tmp too, folders every user
     * can write: run as root, the same long reason for both folders is what its write line says.
     */
    private static Path withVdaOnSharedFolders(Path into) throws java.io.IOException {
        Path root = Fixtures.copy(Fixtures.workstation(), into);
        java.nio.file.Files.writeString(root.resolve("proc/self/mountinfo"), "1200 22 254:0 / /tmp rw,relatime shared:700 - ext4 /dev/vda rw\n"
                + "1201 22 254:0 /var/tmp /var/tmp rw,relatime shared:700 - ext4 /dev/vda rw\n", java.nio.file.StandardOpenOption.APPEND);
        return root;
    }

    private DeviceTable table() {
        return robot.lookup("#devices").queryAs(DeviceTable.class);
    }

    /** Every device of the list, vda first, then the others in the list's order. */
    List<String> devices() {
        List<String> names = new ArrayList<>(List.of("vda"));
        table().rows().stream().map(DeviceRow::name).filter(n -> !n.equals("vda")).forEach(names::add);
        return names;
    }

    /** Selects the device and waits for its details and for where its write workloads could run. */
    void select(String name) throws Exception {
        DeviceRow row = table().rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
        robot.interact(() -> table().select(row));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#details-title").queryLabeled().getText().startsWith(name)
                && bench.model().deviceProperty().get() == row);
        Thread.sleep(200); // the look for a folder to write runs off the FX thread
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** What the window draws wrongly now, each line saying when. */
    List<String> problems(String when) {
        List<String> found = new ArrayList<>();
        robot.interact(() -> {
            for (List<String> kind : List.of(CutText.in(stage), CutText.prompts(stage), CutText.repeated(stage), CutText.outside(stage),
                    CutText.sideways(stage), CutText.scrolledSideways(stage))) {
                kind.forEach(p -> found.add(when + ": " + p));
            }
        });
        return found;
    }

    /** The parts looked at that the window does not draw now, so that a look for cut text would pass them by. */
    private List<String> notDrawn(String when, String... selectors) {
        List<String> missing = new ArrayList<>();
        robot.interact(() -> {
            for (String selector : selectors) {
                boolean drawn = robot.lookup(selector).queryAll().stream().anyMatch(n -> n.getBoundsInLocal().getWidth() > 0
                        && java.util.stream.Stream.iterate(n, p -> p != null, javafx.scene.Node::getParent).allMatch(javafx.scene.Node::isVisible));
                if (!drawn) missing.add(when + ": " + selector + " is not drawn");
            }
        });
        return missing;
    }

    /** Each device selected in turn, nothing running. */
    List<String> eachDeviceSelected() throws Exception {
        List<String> found = new ArrayList<>();
        for (String name : devices()) {
            select(name);
            found.addAll(problems(name + " selected"));
            found.addAll(notDrawn(name + " selected", "#history", "#export", "#variants", "#quick", "#benchmark-all", "#heading-scheduler"));
            if (name.equals("vda")) found.addAll(notDrawn("vda selected", "#write-unavailable"));
        }
        return found;
    }

    /** On each device that can be benchmarked: a sweep held after its first block, then let finish. */
    List<String> aSweepOnEachDevice() throws Exception {
        List<String> found = new ArrayList<>();
        int swept = 0;
        for (String name : devices()) {
            select(name);
            if (robot.lookup("#benchmark-all").query().isDisabled()) continue;
            CountDownLatch reached = new CountDownLatch(1), release = new CountDownLatch(1);
            sweep.paced(0).pauseAfterFirstBlock(reached, release);
            robot.clickOn("#benchmark-all");
            try {
                if (!reached.await(60, TimeUnit.SECONDS)) throw new AssertionError("the sweep on " + name + " did not reach its first block");
                waitOnFx(10, "the live chart of a sweep on " + name, () -> view().results().chartSeries() > 0);
                WaitForAsyncUtils.waitForFxEvents();
                found.addAll(problems("during a sweep on " + name));
                found.addAll(notDrawn("during a sweep on " + name, ".comparison", "#cancel"));
            } finally {
                release.countDown();
            }
            waitOnFx(60, "the end of a sweep on " + name, () -> !bench.model().runningProperty().get() && view().results().comparisonCount() > 0);
            settle();
            found.addAll(problems("after a sweep on " + name));
            swept++;
        }
        if (swept < 5) throw new AssertionError("only " + swept + " devices could be benchmarked");
        return found;
    }

    /** On each device that can be benchmarked: a quick run, looked at while it runs and when it is done. */
    List<String> aQuickRunOnEachDevice() throws Exception {
        List<String> found = new ArrayList<>();
        int run = 0;
        sweep.paced(QUICK_PACE_MILLIS);
        for (String name : devices()) {
            select(name);
            if (robot.lookup("#quick").query().isDisabled()) continue;
            robot.clickOn("#quick");
            waitOnFx(30, "a quick run on " + name + " drawing its live chart",
                    () -> bench.model().runningProperty().get() && view().results().chartSeries() == 2);
            found.addAll(problems("during a quick run on " + name));
            waitOnFx(60, "the end of a quick run on " + name, () -> !bench.model().runningProperty().get() && view().results().quickTileCount() == 3);
            settle();
            found.addAll(problems("after a quick run on " + name));
            found.addAll(notDrawn("after a quick run on " + name, "#quick-seq-read", "#quick-rand-read-qd32"));
            run++;
        }
        if (run < 5) throw new AssertionError("only " + run + " devices could be benchmarked");
        return found;
    }

    /**
     * On one device: a check with fio, looked at when it is done. The simulated check runs no fio:
     * {@code fio} only has to be an executable for the window to offer the check.
     */
    List<String> aCheckWithFio(String name, Path fio) throws Exception {
        select(name);
        robot.interact(() -> bench.fioAt(fio));
        robot.clickOn("#check-with-fio");
        waitOnFx(60, "the end of a check with fio on " + name, () -> !bench.model().runningProperty().get()
                && bench.model().fioRows().stream().filter(FioRow::checked).count() == 3);
        settle();
        List<String> found = problems("after a check with fio on " + name);
        found.addAll(notDrawn("after a check with fio on " + name, "#fio-quick-figures-0", "#fio-quick-command-2", "#fio-quick-copy-2"));
        return found;
    }

    /**
     * On one device: a plain quick run (no fio), looked at when it is done; with {@code openCommands},
     * once more after the link on the status line opened fio's commands under the tiles.
     */
    List<String> aQuickRun(String name, boolean openCommands) throws Exception {
        select(name);
        robot.clickOn("#quick");
        waitOnFx(60, "the end of a quick run on " + name, () -> !bench.model().runningProperty().get() && view().results().quickTileCount() == 3);
        settle();
        String when = "after a quick run on " + name;
        List<String> found = problems(when);
        found.addAll(notDrawn(when, "#quick-seq-read", "#quick-rand-read-qd32", "#fio-quick-commands"));
        if (openCommands) {
            // as a person would, where the link is: on the status line, in view without scrolling
            robot.clickOn("#fio-quick-commands");
            settle();
            when += ", fio's commands opened";
            found.addAll(problems(when));
            found.addAll(notDrawn(when, "#fio-quick-command-0", "#fio-quick-copy-2"));
        }
        return found;
    }

    /**
     * On one device: two plain quick runs, the second 7 % faster, each looked at when it is done;
     * the second's tiles compare it with the first, a line more under each figure. The runs are
     * kept in the window's history from now on.
     */
    List<String> aQuickRunAfterAnother(String name) throws Exception {
        sweep.savingTo(history).finishedAt("2026-11-30T16:05:12Z");
        List<String> found = aQuickRun(name, false);
        sweep.finishedAt("2026-12-01T10:41:03Z").quickScale(1.07);
        found.addAll(aQuickRun(name, false));
        return found;
    }

    /** Waits for a state of the window, looked at on the FX thread, which alone may read it. */
    private void waitOnFx(int seconds, String what, java.util.concurrent.Callable<Boolean> reached) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(reached).get());
        } catch (java.util.concurrent.TimeoutException e) {
            String now = WaitForAsyncUtils.asyncFx(() -> "running " + bench.model().runningProperty().get() + ", '"
                    + bench.model().messageProperty().get() + "', " + view().results().chartSeries() + " lines live").get();
            throw new AssertionError("waited " + seconds + " s for " + what + "; " + now, e);
        }
    }

    private BenchmarkView view() {
        return robot.lookup("#benchmark").queryAs(BenchmarkView.class);
    }

    /** The window's fitting of its parts follows the layout that showed the results. */
    private static void settle() throws InterruptedException {
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
