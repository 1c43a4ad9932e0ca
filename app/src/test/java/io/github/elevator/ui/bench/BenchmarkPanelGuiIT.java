package io.github.elevator.ui.bench;

import io.github.elevator.bench.FioCommand;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.XServer;
import io.github.elevator.ui.common.ColorScheme;
import io.github.elevator.ui.ElevatorApp;
import io.github.elevator.ui.common.FxTaskRunner;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceTable;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The benchmark panel in the real window, over the workstation fixture's devices, with a
 * simulated sweep in the real service's shapes (the real sweep needs root: BenchmarkGuiIT).
 */
class BenchmarkPanelGuiIT extends FxRobot {
    @TempDir
    Path dir;

    private SimulatedSweep sweep;
    private BenchmarkController bench;
    private Stage stage;

    @BeforeEach
    void setUp() throws Exception {
        XServer.require();
        stage = FxToolkit.registerPrimaryStage();
        sweep = SimulatedSweep.typical();
    }

    private DeviceListViewModel devices;
    /** Where the window reads sysfs: the fixture itself, or a copy a test changes ({@link #onACopy}). */
    private Path sysfs = Fixtures.workstation();

    /** The fixture copied (links kept), so that a test can pull a device out from under the window. */
    private void onACopy() throws Exception {
        sysfs = dir.resolve("machine");
        Process cp = new ProcessBuilder("cp", "-a", Fixtures.workstation().toString(), sysfs.toString()).inheritIO().start();
        assertEquals(0, cp.waitFor());
    }

    private void open(int width, int height) throws Exception {
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(sysfs),
                new HelperRunner(Path.of("/bin/false"), true));
        FxTaskRunner tasks = new FxTaskRunner();
        FxToolkit.setupStage(s -> {
            devices = new DeviceListViewModel(schedulers, tasks);
            devices.refresh();
            bench = new BenchmarkController(sweep, new BenchmarkHistory(dir.resolve("history")), schedulers, tasks,
                    devices::say, devices::refresh);
            ElevatorApp.show(s, new ElevatorApp.Models(devices, bench),
                    ElevatorApp.createRules(new RulesService(schedulers, dir), tasks, devices), ColorScheme.LIGHT);
            s.setX(0);
            s.setY(0);
            s.setWidth(width);
            s.setHeight(height);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#benchmark").tryQuery().isPresent()
                && lookup("#devices").queryAs(DeviceTable.class).rows().size() > 3);
        select("sdc");
    }

    @AfterEach
    void tearDown() throws Exception {
        FxToolkit.cleanupStages();
    }

    private void select(String name) {
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        interact(() -> table.rows().stream().filter(r -> r.name().equals(name)).findFirst().ifPresent(table::select));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private BenchmarkView view() {
        return lookup("#benchmark").queryAs(BenchmarkView.class);
    }

    private void sweepToTheEnd() throws Exception {
        clickOn("#benchmark-all");
        // three raw reads at least: a device that can be written (sda) has read-under-write ticked too
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get() && view().results().comparisonCount() >= 3);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aDecidedSweepShowsOneComparisonPerWorkloadAndOffersItsRecommendation() throws Exception {
        open(1366, 768);
        sweepToTheEnd();
        assertEquals(List.of("comparison-seq-read", "comparison-rand-read", "comparison-rand-read-qd32"),
                lookup(".comparison").queryAll().stream().map(Node::getId).toList());
        assertEquals(3, lookup(".comparison-chart").queryAll().size(), "one chart per workload, never two on one axis");
        Button apply = lookup("#apply-winner").queryButton();
        assertFalse(apply.isDisabled());
        assertEquals("Apply none", apply.getText());
        assertFalse(lookup("#winner-for-kind").queryButton().isDisabled());
        assertEquals("Use none for every removable device", lookup("#winner-for-kind").queryButton().getText());
        assertEquals("Recommended: none, for all 3 workloads.", lookup("#recommendation").queryLabeled().getText());
    }

    /**
     * Issue 29: a sweep that could not tell the schedulers apart (every scheduler the same speed and
     * CPU, 40 % noise, 4 blocks) says so in its bold line and its button, and asks before it is
     * made a rule for the whole kind.
     */
    @Test
    void aNotMeasuredAnswerSaysSoInItsBoldLineAndButtonAndAsksBeforeARuleForTheKind() throws Exception {
        sweep.blocks(4).noise(0.4).sameCpu();
        for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) {
            sweep.level("seq-read", s, 5600).level("rand-read", s, 15000).level("rand-read-qd32", s, 280000);
        }
        open(1024, 768);
        sweepToTheEnd();
        assertEquals(io.github.elevator.bench.design.Strength.NOT_MEASURED, bench.model().reportProperty().get().overall().strength());
        String bold = lookup("#recommendation").queryLabeled().getText();
        assertTrue(bold.startsWith("Not measured: this run could not tell "), bold);
        assertTrue(bold.contains(" none is named as a default: it is the kernel's own choice for this device."), bold);
        Button apply = lookup("#apply-winner").queryButton();
        assertFalse(apply.isDisabled());
        assertEquals("Apply none (kernel's choice)", apply.getText());
        assertEquals("Use none for every removable device", lookup("#winner-for-kind").queryButton().getText());

        clickOn("#winner-for-kind");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#not-measured-question").tryQuery().isPresent());
        javafx.scene.control.DialogPane question = lookup("#not-measured-question").queryAs(javafx.scene.control.DialogPane.class);
        assertEquals("This answer is not measured: the benchmark could not tell the schedulers apart, and none is only named as a"
                + " default. Write a rule for every removable device anyway?", question.getContentText());
        clickOn((Node) question.lookupButton(javafx.scene.control.ButtonType.CANCEL));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lookup("#not-measured-question").tryQuery().isEmpty());
        assertTrue(lookup("#rule-confirmation").tryQuery().isEmpty(), "cancelled: no rule is offered");

        clickOn("#winner-for-kind");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#not-measured-question").tryQuery().isPresent());
        question = lookup("#not-measured-question").queryAs(javafx.scene.control.DialogPane.class);
        clickOn((Node) question.lookupButton(javafx.scene.control.ButtonType.OK));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#rule-confirmation").tryQuery().isPresent());
        javafx.scene.control.DialogPane rule = lookup("#rule-confirmation").queryAs(javafx.scene.control.DialogPane.class);
        Node cancel = rule.getButtonTypes().stream().filter(b -> b.getButtonData().isCancelButton()).map(rule::lookupButton).findFirst().orElseThrow();
        clickOn(cancel);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Issue 29: a not-measured answer names how long telling its schedulers apart would take, and
     * "Measure longer" continues that sweep: the report that comes back holds the earlier runs
     * first, unchanged, more blocks, on the same slots.
     */
    @Test
    void measureLongerContinuesTheSweepKeepingItsBlocks() throws Exception {
        // identical schedulers at 3 % noise: 4 blocks cannot tell them apart, a few minutes more can
        sweep.blocks(4).noise(0.03).sameCpu();
        for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) sweep.level("rand-read", s, 15000);
        open(1366, 768);
        interact(() -> {
            bench.model().chosen(io.github.elevator.bench.Workload.SEQ_READ).set(false);
            bench.model().chosen(io.github.elevator.bench.Workload.RAND_READ_QD32).set(false);
        });
        clickOn("#benchmark-all");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get() && view().results().comparisonCount() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        io.github.elevator.bench.report.BenchmarkReport first = bench.model().reportProperty().get();
        assertEquals(io.github.elevator.bench.design.Strength.NOT_MEASURED, first.overall().strength());
        Button longer = lookup("#measure-longer").queryButton();
        assertTrue(longer.isVisible() && !longer.isDisabled(), "offered: " + first.secondsToResolve() + " s, \"" + longer.getText() + "\" visible " + longer.isVisible());
        assertTrue(longer.getText().matches("Measure longer \\(about \\d+ (s|min)\\)"), longer.getText());
        String note = lookup("#longer-note").queryLabeled().getText();
        assertTrue(note.startsWith("Telling them apart within 3 % would take about ") && note.endsWith(" more at this load."), note);

        String offered = longer.getText();
        clickOn("#measure-longer");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get()
                && bench.model().reportProperty().get() != first && bench.model().reportProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        io.github.elevator.bench.report.BenchmarkReport longerReport = bench.model().reportProperty().get();
        assertEquals(first, sweep.requests.get(1).continuing(), "the request continues the report shown");
        assertEquals(first.runs(), longerReport.runs().subList(0, first.runs().size()), "the earlier blocks are kept");
        assertTrue(longerReport.blocks() > first.blocks(), longerReport.blocks() + " blocks after " + first.blocks());
        assertTrue(longerReport.decisions().get("rand-read").blocks() > first.decisions().get("rand-read").blocks());
        java.util.Set<String> slots = java.util.Set.copyOf(first.orders().get(0));
        assertTrue(longerReport.orders().stream().allMatch(o -> java.util.Set.copyOf(o).equals(slots)), "the same slots: " + longerReport.orders());
        assertTrue(longerReport.runs().stream().map(io.github.elevator.bench.RunResult::scheduler).allMatch(slots::contains));
        System.out.printf("measure longer: %d blocks, %s; then %d blocks, %s%n", first.blocks(), offered, longerReport.blocks(),
                longerReport.overall().strength());
    }

    @Test
    void anUndecidedSweepStillOffersItsRecommendationAndEveryRowAgreesWithItsLabelAndRank() throws Exception {
        sweep.blocks(6).noise(0.15); // the leaders are not told apart: the answer comes from the stated rule
        open(1024, 768);
        sweepToTheEnd();
        Button apply = lookup("#apply-winner").queryButton();
        assertFalse(apply.isDisabled(), "an answer without a proof of equality");
        // named for its decided CPU per I/O while the leaders' speed was not told apart: not a measured answer
        assertEquals("Apply none (not measured)", apply.getText());
        String tip = apply.getTooltip().getText();
        assertTrue(tip.contains("Based on:\nseq-read: none, as it costs the least CPU per I/O among them"), tip);
        assertTrue(lookup("#winner-for-kind").queryButton().getTooltip().getText().contains("Based on:"), "the rule buttons say it too");
        assertTrue(lookup("#run-at-wider-margin").tryQuery().isEmpty(), "no run again: the sweep answered");
        for (String workload : List.of("seq-read", "rand-read", "rand-read-qd32")) {
            Comparison c = bench.model().comparisons().stream().filter(x -> x.workload().equals(workload)).findFirst().orElseThrow();
            javafx.scene.layout.GridPane table = lookup("#comparison-" + workload + " .comparison-table").query();
            List<String> shown = cells(table, 1);
            assertEquals(c.rows().stream().map(Comparison.Row::value).toList(), shown, "the window shows the report's figures");
            List<Double> values = shown.stream().map(v -> Double.parseDouble(v.replace(",", ""))).toList();
            for (int i = 1; i < values.size(); i++) {
                assertTrue(values.get(i) <= values.get(i - 1), workload + ": ranked by the figure in the row: " + shown);
            }
            List<String> standing = cells(table, 3);
            for (int i = 0; i < c.rows().size(); i++) {
                Comparison.Row r = c.rows().get(i);
                assertEquals(r.verdict(), standing.get(i));
                if (r.recommended()) assertEquals("recommended", r.verdict());
                if (r.verdict().equals("behind")) assertTrue(r.ratio() < 1, workload + ": behind the reference is lower: " + r);
                if (r.verdict().equals("leader, not told apart")) {
                    assertTrue(r.low() <= 1 && r.high() >= 1, workload + ": a leader not told apart has 1 inside its interval: " + r);
                }
            }
        }
    }

    /** The texts of one column of a comparison's table, below its heading, top to bottom. */
    private static List<String> cells(javafx.scene.layout.GridPane table, int column) {
        return table.getChildren().stream()
                .filter(n -> Integer.valueOf(column).equals(javafx.scene.layout.GridPane.getColumnIndex(n))
                        && javafx.scene.layout.GridPane.getRowIndex(n) != null && javafx.scene.layout.GridPane.getRowIndex(n) > 0)
                .sorted(java.util.Comparator.comparingInt(javafx.scene.layout.GridPane::getRowIndex))
                .map(n -> ((javafx.scene.control.Labeled) n).getText()).toList();
    }

    @Test
    void theBenchmarkedDevicesControlsAreLockedDuringARun() throws Exception {
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        sweep.paced(5).pauseAfterFirstBlock(reached, release);
        open(1366, 768);
        clickOn("#benchmark-all");
        assertTrue(reached.await(60, TimeUnit.SECONDS));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view().results().chartSeries() == 4);
        assertEquals("sdc", bench.model().benchmarkedDeviceProperty().get());
        for (String id : List.of("#benchmark-all", "#quick", "#noise-check", "#budget", "#margin", "#workload-seq-read",
                "#apply-winner", "#winner-for-kind", "#winner-for-device")) {
            assertTrue(lookup(id).query().isDisabled(), id + " is locked during the run");
        }
        assertFalse(lookup("#cancel").query().isDisabled());
        assertEquals("seq-read — MiB/s per slice", view().results().chartTitle());
        release.countDown();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(bench.model().benchmarkedDeviceProperty().get());
        for (String id : List.of("#benchmark-all", "#quick", "#noise-check", "#budget", "#margin", "#apply-winner")) {
            assertFalse(lookup(id).query().isDisabled(), id + " is free again");
        }
    }

    @Test
    void theRaceAndTheSlicesGrowDuringASweepAndTheirAxesCoverEveryValue() throws Exception {
        sweep.paced(15);
        open(1366, 768);
        clickOn("#benchmark-all");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view().results().raceSeries() == 4);
        assertEquals(4, view().results().chartSeries(), "one line per scheduler beside the race");
        int race = view().results().racePoints(), points = view().results().chartPoints();
        // the axes follow on the FX thread's next pulse after a value comes in: wait for it, a few seconds at most
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> interactGet(view().results()::axesCoverEveryValue));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view().results().racePoints() > race + 4 && view().results().chartPoints() > points);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> interactGet(view().results()::axesCoverEveryValue));
        assertTrue(lookup("#race-chart").query().isVisible());
        assertTrue(lookup("#live-chart").query().isVisible());
        clickOn("#cancel");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get());
    }

    @Test
    void checkWithFioRunsTheQuickBenchmarkWithFioAndShowsBothFiguresAndTheCommandToCopy() throws Exception {
        open(1366, 768);
        assertTrue(lookup("#check-with-fio").query().isVisible(), FioCommand.FIO + " is installed here");
        assertFalse(lookup("#fio-missing").query().isVisible());
        clickOn("#check-with-fio");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get() && view().results().quickTileCount() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(io.github.elevator.app.BenchmarkMode.CURRENT, sweep.requests.get(0).mode());
        assertTrue(sweep.requests.get(0).checkWithFio(), "the request asks for fio");
        List<String> workloads = List.of("seq-read", "rand-read", "rand-read-qd32");
        for (int i = 0; i < workloads.size(); i++) {
            javafx.scene.control.TextField command = lookup("#fio-quick-command-" + i).query();
            assertEquals(io.github.elevator.bench.FioComparison.shown(FioCommand.argv(workloads.get(i), "sdc", 1)), command.getText(), "fio's 1 s turns");
            String figures = lookup("#fio-quick-figures-" + i).queryLabeled().getText().replace('\u00a0', ' ');
            assertTrue(figures.matches("(?s)Elevator [0-9,.]+ (IOPS|MiB/s) · fio [0-9,.]+ (IOPS|MiB/s) · ratio [01]\\.[0-9]{2} \\([01]\\.[0-9]{2}–[01]\\.[0-9]{2}\\) · .*"),
                    figures);
        }
        assertTrue(lookup("#fio-quick-copy-1").query().isVisible(), "a Copy button beside each command");
        assertFalse(((javafx.scene.control.TextField) lookup("#fio-quick-command-1").query()).isEditable(), "the command is the report's");
        assertNothingElided(30);
    }

    @Test
    void withoutFioTheButtonIsReplacedByHowToGetIt() throws Exception {
        open(1366, 768);
        interact(() -> bench.fioAt(dir.resolve("no-fio-here")));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(lookup("#check-with-fio").query().isVisible());
        javafx.scene.control.Label words = lookup("#fio-missing").query();
        assertTrue(words.isVisible());
        assertTrue(words.getText().contains("sudo apt install fio"), words.getText());
    }

    @Test
    void theQuickBenchmarkShowsThreeTiles() throws Exception {
        // 24 samples: at 10 ms each the whole run could end between two looks at the running chart
        sweep.paced(100);
        open(1366, 768);
        clickOn("#quick");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> bench.model().runningProperty().get() && view().results().chartSeries() == 2);
        assertTrue(view().results().chartTitle().matches("(seq-read|rand-read|rand-read-qd32) under mq-deadline — (MiB/s|IOPS) and p99 latency, live"),
                view().results().chartTitle());
        assertFalse(lookup("#race-chart").query().isVisible(), "one scheduler: no race");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, view().results().quickTileCount());
        for (String w : List.of("seq-read", "rand-read", "rand-read-qd32")) assertTrue(lookup("#quick-" + w).query().isVisible(), w);
        assertEquals(0, view().results().comparisonCount());
        assertEquals(io.github.elevator.app.BenchmarkMode.CURRENT, sweep.requests.get(0).mode());
        assertNothingElided(30);
    }

    @Test
    void aDeviceDetachedDuringItsBenchmarkLeavesTheSelectionSaysSoAndOffersNothingElse() throws Exception {
        onACopy();
        CountDownLatch release = sweepPausedAfterItsFirstBlock();
        java.nio.file.Files.delete(sysfs.resolve("sys/block/sdc"));
        interact(() -> devices.refresh());
        DeviceTable table = lookup("#devices").queryAs(DeviceTable.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> table.rows().stream().noneMatch(r -> r.name().equals("sdc")));
        release.countDown();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !bench.model().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(table.selectedProperty().get(), "nothing else is selected for a click to act on");
        String gone = "sdc went away during its benchmark; nothing it measured is kept. Nothing is selected now: select a device to go on.";
        assertEquals(gone, lookup("#progress-text").queryLabeled().getText());
        assertEquals(gone, lookup("#status").queryLabeled().getText());
        for (String id : List.of("#benchmark-all", "#quick", "#noise-check", "#apply-winner")) {
            assertTrue(lookup(id).query().isDisabled(), id + " acts on no device");
        }
    }

    @Test
    void marginAndBudgetGoBackToTheirDefaultsForTheNextDevice() throws Exception {
        open(1366, 768);
        for (String[] typed : List.of(new String[] {"#budget", "180"}, new String[] {"#margin", "43"})) {
            javafx.scene.control.Spinner<?> spinner = (javafx.scene.control.Spinner<?>) lookup(typed[0]).query();
            interact(() -> {
                spinner.getEditor().setText(typed[1]);
                spinner.getEditor().fireEvent(new javafx.event.ActionEvent());
            });
        }
        assertEquals(180, bench.model().budgetSecondsProperty().get());
        select("sda");
        assertEquals("60", ((javafx.scene.control.Spinner<?>) lookup("#budget").query()).getEditor().getText());
        assertEquals("3", ((javafx.scene.control.Spinner<?>) lookup("#margin").query()).getEditor().getText());
        select("sdc");
        assertEquals("180", ((javafx.scene.control.Spinner<?>) lookup("#budget").query()).getEditor().getText(), "sdc keeps what was set for it");
        assertEquals("43", ((javafx.scene.control.Spinner<?>) lookup("#margin").query()).getEditor().getText());
    }

    @Test
    void aStatusLineIsReplacedWhenItsDeviceChangesFromOutside() throws Exception {
        onACopy();
        open(1366, 768);
        interact(() -> devices.sayAbout("sdc", "mq-deadline", "sdc now uses mq-deadline."));
        java.nio.file.Files.writeString(sysfs.resolve("sys/block/sdc/queue/scheduler"), "none mq-deadline kyber [bfq]\n");
        interact(() -> devices.refresh());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> lookup("#status").queryLabeled().getText().equals("sdc now uses bfq; it was changed outside this window."));
    }

    @Test
    void zramsDetailsHaveOneSchedulerLineAndNoEmptyDropdown() throws Exception {
        open(1366, 768);
        select("zram0");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> lookup("#details-title").queryLabeled().getText().startsWith("zram0"));
        assertFalse(shown(lookup("#details-scheduler").query()), "zram0 has no scheduler to choose");
        Node details = lookup("#details-title").query().getParent();
        List<Node> all = new ArrayList<>();
        walk(details, all);
        long lines = all.stream().filter(n -> n instanceof Labeled l && shown(n) && l.getText() != null
                && l.getText().replace("_", "").equals("Scheduler")).count();
        assertEquals(1, lines, "one Scheduler line, the one that says there is none");
        select("sdc");
        assertTrue(shown(lookup("#details-scheduler").query()), "a device with a scheduler has its dropdown back");
    }

    /** Opens the window at 1366x768 and starts a sweep that waits after its first block until the latch returned counts down. */
    private CountDownLatch sweepPausedAfterItsFirstBlock() throws Exception {
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        sweep.pauseAfterFirstBlock(reached, release);
        open(1366, 768);
        clickOn("#benchmark-all");
        assertTrue(reached.await(60, TimeUnit.SECONDS));
        return release;
    }

    @Test
    void aCancelledRunLeavesNoHalfResultsAndFreesTheControls() throws Exception {
        CountDownLatch release = sweepPausedAfterItsFirstBlock();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> view().results().comparisonCount() == 3);
        clickOn("#cancel");
        release.countDown();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> lookup("#progress-text").queryLabeled().getText().equals("Cancelled; sdc is back on mq-deadline."));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, view().results().comparisonCount());
        assertEquals(0, lookup(".comparison").queryAll().size());
        assertFalse(lookup("#benchmark-all").query().isDisabled());
        assertTrue(lookup("#apply-winner").query().isDisabled());
    }

    @Test
    void resultsSurviveSwitchingDevicesChartsIncluded() throws Exception {
        open(1366, 768);
        sweepToTheEnd();
        select("sda");
        assertEquals(0, view().results().comparisonCount());
        assertTrue(lookup("#apply-winner").queryButton().isDisabled(), "sda has no results of its own");
        select("sdc");
        assertEquals(3, view().results().comparisonCount());
        assertEquals(3, lookup(".comparison-chart").queryAll().size());
        assertEquals("seq-read — MiB/s", ((ComparisonView) lookup("#comparison-seq-read").query()).chart().getTitle().getText(),
                "each chart is named by its workload and unit");
        assertEquals("Apply none", lookup("#apply-winner").queryButton().getText());
        assertEquals("Finished; sdc is back on mq-deadline.", lookup("#progress-text").queryLabeled().getText());
    }

    /** A detail opened in one device's report stays that report's: another device's report opens closed. */
    @Test
    void anOpenedDetailBelongsToItsDevicesReport() throws Exception {
        open(1366, 768);
        sweepToTheEnd();
        interact(() -> ((javafx.scene.control.ToggleButton) lookup("#open-seq-read").query()).setSelected(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(lookup("#comparison-detail-seq-read").query().isVisible());
        select("sda");
        sweepToTheEnd();
        assertFalse(lookup("#comparison-detail-seq-read").query().isVisible(), "sda's report opens closed");
        select("sdc");
        assertTrue(lookup("#comparison-detail-seq-read").query().isVisible(), "sdc's detail is still open");
    }

    @Test
    void noTextInThePanelIsCutAt1366x768() throws Exception {
        open(1366, 768);
        sweepToTheEnd();
        openEveryDetail();
        assertNothingElided();
    }

    /** Opens each workload's detail (its table, pairs and chart), as a person reading them would. */
    private void openEveryDetail() {
        for (Node toggle : lookup(".disclosure").queryAll()) {
            if (toggle.getId() != null && toggle.getId().startsWith("open-")) {
                interact(() -> ((javafx.scene.control.ToggleButton) toggle).setSelected(true));
            }
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void noTextInThePanelIsCutAt1024x768() throws Exception {
        open(1024, 768);
        sweepToTheEnd();
        openEveryDetail();
        assertNothingElided();
        assertTablesClearOfTheirCharts();
    }

    /**
     * A comparison's table is never drawn under its chart: the chart gives way, beside the table or
     * below it (at 1024 it once hid the Runs column).
     */
    private void assertTablesClearOfTheirCharts() {
        int checked = 0;
        for (Node card : lookup(".comparison").queryAll()) {
            Node view = card.lookup("#comparison-detail-" + card.getId().substring("comparison-".length()));
            if (view == null) continue;
            List<Node> parts = ((javafx.scene.Parent) view).getChildrenUnmodifiable();
            if (parts.size() < 2) continue;
            javafx.geometry.Bounds chart = parts.get(1).localToScene(parts.get(1).getBoundsInLocal());
            for (Node table : view.lookupAll(".comparison-table")) {
                for (Node cell : ((javafx.scene.Parent) table).getChildrenUnmodifiable()) {
                    javafx.geometry.Bounds at = cell.localToScene(cell.getBoundsInLocal());
                    boolean clear = at.getMaxX() <= chart.getMinX() || at.getMaxY() <= chart.getMinY();
                    assertTrue(clear, cell + " at " + at + ", under the chart at " + chart);
                    checked++;
                }
            }
        }
        assertTrue(checked > 20, "checked " + checked + " cells");
    }

    /** Compares each shown label's and button's text with what its skin really drew. */
    private void assertNothingElided() {
        assertNothingElided(60);
    }

    private void assertNothingElided(int atLeast) {
        List<String> cut = new ArrayList<>();
        int checked = 0;
        List<Node> all = new ArrayList<>();
        walk(lookup("#benchmark").query(), all);
        for (Node n : all) {
            if (!(n instanceof Labeled l) || !shown(n) || l.getText() == null || l.getText().isEmpty()) continue;
            // a menu button's text is drawn by a label inside it, which is checked on its own
            String drawn = l.getChildrenUnmodifiable().stream().filter(t -> t instanceof Text)
                    .map(t -> ((Text) t).getText()).findFirst().orElse(null);
            if (drawn == null) continue;
            checked++;
            String meant = l.isMnemonicParsing() ? l.getText().replaceFirst("_", "") : l.getText();
            if (!drawn.equals(meant)) cut.add(meant + " -> " + drawn);
        }
        assertTrue(checked > atLeast, "checked " + checked + " labels");
        assertEquals(List.of(), cut);
    }

    private static void walk(Node n, List<Node> into) {
        into.add(n);
        if (n instanceof javafx.scene.Parent p) for (Node child : p.getChildrenUnmodifiable()) walk(child, into);
    }

    private static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) if (!p.isVisible()) return false;
        return true;
    }

    /** Asks the view on the FX thread, where its charts change. */
    private boolean interactGet(java.util.function.BooleanSupplier question) {
        boolean[] answer = new boolean[1];
        interact(() -> answer[0] = question.getAsBoolean());
        return answer[0];
    }
}
