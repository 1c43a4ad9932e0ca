package io.github.elevator.ui.bench;

import io.github.elevator.bench.wording.ReportWords;
import io.github.elevator.app.BenchmarkFailedException;
import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.Scripts;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The benchmark panel's model and controller on the calling thread, driven by a simulated sweep with the
 * real service's event and report shapes, over a fake sysfs that a helper script really changes.
 */
class BenchmarkControllerTest {
    @TempDir
    Path root;

    private final List<String> said = new ArrayList<>();
    private DeviceListViewModel devices;
    private FakeSysfs sysfs;

    @BeforeEach
    void devices() throws Exception {
        sysfs = new FakeSysfs(root).device("loop0", "none [mq-deadline] kyber bfq").device("loop1", "[none] mq-deadline kyber bfq");
        // set-scheduler DEVICE SCHEDULER: rewrites the line with the new one in brackets, as the kernel does
        Path helper = Scripts.executable(root, "helper.sh", """
                f="%s/sys/block/$2/queue/scheduler"; line=""
                for s in $(tr -d '[]' < "$f"); do if [ "$s" = "$3" ]; then line="$line [$s]"; else line="$line $s"; fi; done
                echo "$line" > "$f"
                """.formatted(root));
        devices = new DeviceListViewModel(new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(helper, true)),
                TaskRunner.immediate());
        devices.refresh();
    }

    private BenchmarkController bench(Benchmarks benchmarks) {
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(root),
                new HelperRunner(root.resolve("helper.sh"), true));
        return new BenchmarkController(benchmarks, new BenchmarkHistory(root.resolve("history")), schedulers,
                TaskRunner.immediate(), said::add, devices::refresh);
    }

    private DeviceRow row(String name) {
        return devices.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aReportThatCannotBeKeptInTheHistorySaysSoWhereTheSweepSaysItFinished() throws Exception {
        Path notAFolder = Files.writeString(root.resolve("history-is-a-file"), "not a folder\n");
        BenchmarkController bench = bench(SimulatedSweep.typical().savingTo(new BenchmarkHistory(notAFolder)));
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        String message = bench.model().messageProperty().get();
        assertTrue(message.startsWith("Finished; loop0 is back on mq-deadline. The report was not kept in the history: "), message);
        assertEquals(3, bench.model().comparisons().size(), "the results are shown all the same");

        bench.all();
        assertTrue(bench.model().messageProperty().get().contains("not kept"), "said again for the next run that is not kept");
    }

    /** Six slots (four schedulers, two variants) over the three raw reads cannot answer in 10 s: raised to the shortest that can, in words, nothing started. */
    @Test
    void aBudgetTooShortToAnswerIsRaisedToTheShortestThatCanAndSaid() throws Exception {
        List<Integer> started = new ArrayList<>();
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            started.add(request.budgetSeconds());
            return sweep.run(request, listener, cancellation);
        });
        bench.model().deviceProperty().set(row("loop0"));
        bench.model().variantsProperty().set("bfq low_latency=0, bfq slice_idle=0");
        bench.model().budgetSecondsProperty().set(10);
        List<Workload> chosen = List.copyOf(bench.model().chosenNow());
        int shortest = io.github.elevator.bench.sweep.ShortestBudget.seconds(6, chosen);
        assertTrue(shortest > 10, "the plan needs more than 10 s: " + shortest);
        bench.all();
        assertEquals(List.of(), started, "nothing started");
        assertEquals(shortest, bench.model().budgetSecondsProperty().get(), "the budget raised to the shortest that can answer");
        assertEquals("A budget of 10 s cannot answer: the 3 blocks a comparison is judged on, each with 6 runs of each of " + chosen.size()
                + " workloads, need at least " + shortest + " s. The budget is set to " + shortest + " s now; start again to run with it.",
                said.get(said.size() - 1));
        bench.all();
        assertEquals(List.of(shortest), started, "started again, with the budget raised");
    }

    @Test
    void aDecidedSweepGivesOneComparisonPerWorkloadAndARecommendationToApply() throws Exception {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();

        assertFalse(bench.model().runningProperty().get());
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), bench.model().comparisons().stream().map(Comparison::workload).toList());
        Comparison qd32 = bench.model().comparisons().get(2);
        assertEquals("none", qd32.recommendation());
        assertEquals("IOPS", qd32.unit());
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq"), qd32.rows().stream().map(Comparison.Row::scheduler).toList(),
                "ranked by the figure shown, the recommendation first here");
        Comparison.Row mq = qd32.rows().get(1);
        assertEquals(280000.0 / 340000, mq.ratio(), 0.01, "mq-deadline over none, from the pair none/mq-deadline turned round");
        assertTrue(mq.low() < mq.ratio() && mq.ratio() < mq.high());
        assertEquals("behind", mq.verdict());
        assertTrue(mq.versus().matches("−18 % \\(−\\d+(\\.\\d)? to −\\d+(\\.\\d)? %\\)"), mq.versus());
        assertEquals(6, qd32.pairs().size());
        assertTrue(qd32.pairs().stream().anyMatch(p -> p.startsWith("none is 21 % faster than mq-deadline (95 % CI ")), qd32.pairs().toString());
        assertEquals("decided 3 of 3 pairs", qd32.status(), "none ahead of the three others decides it");
        assertEquals("MiB/s", bench.model().comparisons().get(0).unit());
        assertTrue(bench.model().comparisons().get(1).why().matches("[a-z-]+, [a-z-]+, [a-z-]+ and [a-z-]+: no difference larger than"
                + " \\d+(\\.\\d)? % between them \\(95 %\\)\\. none is recommended: it costs the least CPU per I/O among them,"
                + " a decided difference\\."), bench.model().comparisons().get(1).why());

        assertEquals("none", bench.model().winner().orElseThrow());
        assertEquals("Recommended: none, for all 3 workloads.", bench.model().recommendationProperty().get().text());
        assertEquals("Finished; loop0 is back on mq-deadline.", bench.model().messageProperty().get());

        assertEquals("Apply none", bench.model().applyTextProperty().get());
        assertTrue(bench.model().canApplyProperty().get());
        bench.applyWinner();
        assertEquals("none", row("loop0").activeProperty().get(), "applied through the helper, read back from sysfs");
        assertEquals("[none] mq-deadline kyber bfq", sysfs.schedulerLine("loop0").strip());
        assertEquals("loop0 now uses none.", said.get(said.size() - 1));
        assertEquals("Already on none", bench.model().applyTextProperty().get(), "no Apply for the scheduler in use");
        assertFalse(bench.model().canApplyProperty().get());
    }

    @Test
    void theRequestCarriesModeWorkloadsBudgetAndMargin() {
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        assertTrue(bench.setBudget("120"));
        assertTrue(bench.setMargin("2,5 %"));
        bench.model().chosen(Workload.SEQ_READ).set(false);
        bench.all();
        bench.quick();
        bench.noiseCheck();
        BenchmarkRequest all = sweep.requests.get(0);
        assertEquals(BenchmarkMode.ALL, all.mode());
        assertEquals(List.of(Workload.RAND_READ, Workload.RAND_READ_QD32), all.workloads());
        assertEquals(120, all.budgetSeconds());
        assertEquals(0.025, all.margin(), 1e-12);
        assertEquals(List.of(), all.schedulers(), "every scheduler the device offers");
        assertEquals(BenchmarkMode.CURRENT, sweep.requests.get(1).mode());
        assertEquals(BenchmarkMode.NOISE_CHECK, sweep.requests.get(2).mode());
    }

    @Test
    void typedVariantsJoinEverySchedulerAndATypoIsRefusedBeforeAnythingRuns() {
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        bench.model().variantsProperty().set("bfq low_latency=0,  kyber read_lat_nsec=1000000 ,");
        bench.all();
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq", "bfq low_latency=0", "kyber read_lat_nsec=1000000"),
                sweep.requests.get(0).schedulers());
        bench.quick();
        assertEquals(List.of(), sweep.requests.get(1).schedulers(), "a quick benchmark measures the current scheduler only");

        bench.model().variantsProperty().set("bfq low_latency=2");
        bench.all();
        assertEquals(2, sweep.requests.size(), "nothing ran");
        assertEquals("Cannot compare 'bfq low_latency=2': low_latency takes a whole number from 0 to 1, not '2'.", said.get(said.size() - 1));
    }

    @Test
    void typedBudgetAndMarginOutOfRangeOrNotNumbersAreRefusedAndChangeNothing() {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        for (String bad : List.of("abc", "", "9", "1801", "60.5", "-60")) {
            assertFalse(bench.setBudget(bad), bad);
            assertEquals(60, bench.model().budgetSecondsProperty().get());
        }
        assertEquals("The budget must be a whole number of seconds from 10 to 1800; it stays 60 s.", said.get(said.size() - 1));
        for (String bad : List.of("x", "0.4", "51", "NaN", "1e9")) {
            assertFalse(bench.setMargin(bad), bad);
            assertEquals(new BigDecimal("3"), bench.model().marginPercentProperty().get());
        }
        assertEquals("The margin must be a percentage from 0.5 to 50; it stays 3 %.", said.get(said.size() - 1));
        assertTrue(bench.setBudget(" 1800 "));
        assertTrue(bench.setMargin("0.5"));
        assertEquals(1800, bench.model().budgetSecondsProperty().get());
        assertEquals(new BigDecimal("0.5"), bench.model().marginPercentProperty().get());
    }

    @Test
    void whileRunningTheDeviceIsNamedLockedAndShowsProgressLiveChartAndDecisionsSoFar() {
        BenchmarkController[] holder = new BenchmarkController[1];
        SimulatedSweep sweep = SimulatedSweep.typical().blocks(2).noise(0.2);
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            BenchmarkController m = holder[0];
            assertTrue(m.model().runningProperty().get());
            assertTrue(m.model().lockedProperty().get());
            assertEquals("loop0", m.model().benchmarkedDeviceProperty().get());
            assertFalse(m.model().canStart().get(), "one benchmark at a time");
            assertEquals("Starting; you may be asked to authenticate…", m.model().messageProperty().get());
            // the first part of the sweep, then what the panel shows at that moment
            BenchmarkReport report = sweep.run(request, new io.github.elevator.bench.sweep.BenchmarkListener() {
                int runs;

                @Override
                public void started(String original, List<String> schedulers, double budget) {
                    listener.started(original, schedulers, budget);
                }

                @Override
                public void progress(double fraction, double left, String doing) {
                    listener.progress(fraction, left, doing);
                }

                @Override
                public void sample(io.github.elevator.bench.Sample s) {
                    listener.sample(s);
                }

                @Override
                public void run(io.github.elevator.bench.RunResult r) {
                    listener.run(r);
                    runs++;
                }

                @Override
                public void decided(String workload, io.github.elevator.bench.design.WorkloadDecision d) {
                    listener.decided(workload, d);
                    if (runs == 4) {
                        assertEquals(m.model().liveProperty().get().points().size(), m.model().livePointsProperty().get(),
                                "the count the chart adds by follows the live view, with no drain");
                        List<LivePoint> points = m.model().liveProperty().get().points();
                        assertEquals(16, points.size(), "4 samples of 4 runs: " + points);
                        assertEquals("seq-read", m.model().liveProperty().get().workload());
                        assertEquals("MiB/s", m.model().liveProperty().get().unit());
                        assertEquals(5600, points.get(0).value(), 5600 * 0.2);
                        for (int i = 1; i < points.size(); i++) {
                            assertTrue(points.get(i).start() >= points.get(i - 1).end() - 1e-9 && points.get(i).end() > points.get(i).start(),
                                    "on the workload's own clock, one after the other: " + points);
                        }
                        assertEquals(4, m.model().liveProperty().get().race().size(), "the race: one line per scheduler after the first block");
                        assertEquals("seq-read under kyber, block 1 · decided 0 of 6 pairs · 0:50 left",
                                m.model().messageProperty().get());
                        assertEquals(4.0 / 24, m.model().progressProperty().get(), 1e-9);
                        assertEquals("decided 0 of 6 pairs", m.model().comparisons().get(0).status(), "nothing is decided before the third block");
                        assertEquals("waiting for the first block", m.model().comparisons().get(1).status());
                        assertTrue(m.model().winner().isEmpty(), "nothing to apply while it runs");
                    }
                }
            }, cancellation);
            return report;
        });
        holder[0] = bench;
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertFalse(bench.model().lockedProperty().get());
        assertNull(bench.model().benchmarkedDeviceProperty().get());
        assertNull(bench.model().liveProperty().get(), "the live chart gives way to the comparisons");
        assertTrue(bench.model().canStart().get());
    }

    @Test
    void aBusyMachineIsNamedBeforeTheVerdictAndAQuietOneIsNot() {
        SimulatedSweep sweep = SimulatedSweep.typical().otherLoad(new io.github.elevator.bench.OtherLoad(1.6, 2, 0.0));
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertEquals("Other programs used 1.6 of 2 cores during the benchmark; differences it can resolve are wider than on an idle"
                + " machine.", bench.model().busyProperty().get());
        sweep.otherLoad(new io.github.elevator.bench.OtherLoad(0.1, 2, 0.0));
        bench.all();
        assertEquals("", bench.model().busyProperty().get());
    }

    @Test
    void tooFewBlocksSayWhatToDoAndOfferNothingToApply() {
        BenchmarkController bench = bench(SimulatedSweep.typical().blocks(2).noise(0.4));
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertTrue(bench.model().comparisons().stream().allMatch(c -> c.recommendation() == null));
        assertTrue(bench.model().winner().isEmpty());
        assertEquals("No recommendation yet: too few blocks ran to compare the schedulers. Try a longer budget (180 s) or fewer"
                + " workloads at once.", bench.model().recommendationProperty().get().text());
    }

    @Test
    void leadersNotToldApartStillEndInARecommendationThatSaysWhatItRestsOn() {
        // 5 blocks of 40 % noise: nothing is told apart, yet what the data rule out is said and one leader is chosen by the rule
        SimulatedSweep sweep = SimulatedSweep.typical().blocks(6).noise(0.15);
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        DeviceAnswer r = bench.model().recommendationProperty().get();
        assertEquals("none", bench.model().winner().orElseThrow(), r.text());
        for (Comparison c : bench.model().comparisons()) {
            assertEquals("none", c.recommendation(), c.why());
            assertTrue(c.why().contains("no difference larger than") || c.why().contains(" is behind "), c.why());
            assertTrue(c.why().endsWith("none is recommended: it costs the least CPU per I/O among them, a decided difference.")
                    || c.why().startsWith("none is "), c.why());
        }
        assertTrue(r.basis().startsWith("seq-read: none, as it costs the least CPU per I/O among them, a decided difference (leaders "),
                r.basis());
        assertEquals(1, sweep.requests.size(), "no run again: the answer is there");
    }

    @Test
    void resultsStayWithTheirDeviceWhileAnotherIsShownAndDuringAnothersRun() {
        BenchmarkController[] holder = new BenchmarkController[1];
        SimulatedSweep sweep = SimulatedSweep.typical();
        List<String> duringRun = new ArrayList<>();
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            if (request.device().equals("loop1")) {
                BenchmarkController m = holder[0];
                m.model().deviceProperty().set(row("loop0")); // the user looks at loop0 while loop1 runs
                duringRun.add(m.model().placeholderProperty().get());
                duringRun.add(String.valueOf(m.model().lockedProperty().get()));
                duringRun.add(String.valueOf(m.model().comparisons().size()));
                duringRun.add(m.model().winner().orElse("-"));
            }
            return sweep.run(request, listener, cancellation);
        });
        holder[0] = bench;
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        BenchmarkReport loop0 = bench.model().reportProperty().get();
        assertNotNull(loop0);

        bench.model().deviceProperty().set(row("loop1"));
        assertNull(bench.model().reportProperty().get());
        assertTrue(bench.model().comparisons().isEmpty());
        assertEquals("", bench.model().messageProperty().get(), "loop0's message stays with loop0");

        bench.all(); // loop1's run; the fake switches the panel to loop0 in the middle of it
        assertEquals(List.of("loop1 is being benchmarked; one benchmark runs at a time.", "false", "3", "none"), duringRun,
                "loop0 keeps showing its own results, unlocked, while loop1 runs");
        assertEquals("loop0", bench.model().deviceProperty().get().name());
        assertEquals(loop0, bench.model().reportProperty().get());
        assertEquals("Finished; loop0 is back on mq-deadline.", bench.model().messageProperty().get());

        bench.model().deviceProperty().set(row("loop1"));
        assertNotNull(bench.model().reportProperty().get(), "loop1's run finished while loop0 was shown, and kept its report");
        assertEquals("loop1", bench.model().reportProperty().get().device());
        assertEquals(3, bench.model().comparisons().size());
    }

    @Test
    void aFailedRunSaysWhyOnceAndUnlocks() {
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            listener.started("mq-deadline", List.of("none", "mq-deadline"), 60);
            throw new BenchmarkFailedException("Cancelled; loop0 is back on mq-deadline.");
        });
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertEquals("Cancelled; loop0 is back on mq-deadline.", bench.model().messageProperty().get(), "replaces the last message");
        assertFalse(bench.model().runningProperty().get());
        assertFalse(bench.model().lockedProperty().get());
        assertTrue(bench.model().comparisons().isEmpty());
        assertTrue(bench.model().winner().isEmpty());
    }

    @Test
    void aNoiseCheckReportsTheNoiseFloorAndOffersNothingToApply() {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        bench.model().deviceProperty().set(row("loop0"));
        bench.noiseCheck();
        assertTrue(bench.model().winner().isEmpty());
        assertEquals(List.of("A", "B", "C", "D"), bench.model().comparisons().get(0).rows().stream().map(Comparison.Row::scheduler).toList());
        assertNotNull(bench.model().comparisons().get(0).noiseFloor());
        assertTrue(bench.model().recommendationProperty().get().text().matches("Noise check: differences under seq-read \\d+\\.\\d %, .*"),
                bench.model().recommendationProperty().get().text());
    }

    @Test
    void aQuickRunGivesThreeFiguresComparedWithTheDevicesPreviousQuickRun() throws Exception {
        BenchmarkHistory history = new BenchmarkHistory(root.resolve("history"));
        SimulatedSweep sweep = SimulatedSweep.typical().savingTo(history).finishedAt("2026-12-01T08:52:02Z");
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        assertTrue(bench.setBudget("300"));
        List<String> messages = new ArrayList<>();
        bench.model().messageProperty().addListener((o, was, now) -> messages.add(now));
        bench.quick();
        assertEquals("Finished; loop0 stayed on mq-deadline throughout.", bench.model().messageProperty().get(), "a quick benchmark switches nothing");
        assertTrue(messages.stream().anyMatch(m -> m.matches("Quick benchmark of loop0 on mq-deadline, as it is: its scheduler is not changed\\.")),
                "it starts saying nothing is switched: " + messages);
        assertTrue(messages.stream().noneMatch(m -> m.contains("goes back") || m.contains("is back on")), "never that it goes back: " + messages);
        BenchmarkRequest request = sweep.requests.get(0);
        assertEquals(BenchmarkMode.CURRENT, request.mode());
        assertEquals(List.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32), request.workloads(),
                "the three figures people know, whatever workloads are ticked");
        assertTrue(bench.model().quickModeProperty().get());
        assertTrue(bench.model().comparisons().isEmpty(), "nothing to compare: the tiles speak");
        assertTrue(bench.model().winner().isEmpty());
        List<io.github.elevator.app.QuickFigures> tiles = bench.model().quickFigures();
        assertEquals(List.of("seq-read", "rand-read", "rand-read-qd32"), tiles.stream().map(io.github.elevator.app.QuickFigures::workload).toList());
        assertEquals("5,600 MiB/s", tiles.get(0).mibpsText());
        assertEquals("15,000 IOPS", tiles.get(1).iopsText());
        assertEquals("p99 200 µs", tiles.get(1).p99Text());
        assertEquals("", tiles.get(0).changeText(r -> r.finishedAt()), "the first quick run has nothing before it");

        sweep.finishedAt("2026-12-01T09:30:00Z").quickScale(1.1);
        bench.quick();
        String when = io.github.elevator.text.LocalTimes.of("2026-12-01T08:52:02Z");
        assertEquals("10 % faster than on " + when, bench.model().quickFigures().get(2).changeText(r -> io.github.elevator.text.LocalTimes.of(r.finishedAt())));
        assertEquals(2, bench.historyStore().of("loop0").size(), "both kept in history");
    }

    @Test
    void aCancelledRunKeepsThePreviousResultsInView() throws Exception {
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        bench.quick();
        bench = bench((request, listener, cancellation) -> {
            throw new BenchmarkFailedException("Cancelled; loop0 is back on mq-deadline.");
        });
        bench.model().deviceProperty().set(row("loop0"));
        bench.show(sweep.run(new BenchmarkRequest("loop0", BenchmarkMode.CURRENT, List.of(), io.github.elevator.app.QuickBenchmark.WORKLOADS, 60, 0.03),
                new io.github.elevator.bench.sweep.BenchmarkListener() { }, new io.github.elevator.bench.sweep.Cancellation()));
        bench.quick();
        assertEquals("Cancelled; loop0 is back on mq-deadline.", bench.model().messageProperty().get());
        assertEquals(3, bench.model().quickFigures().size(), "the result shown before the cancelled run is still there");
    }

    @Test
    void marginAndBudgetSetForOneDeviceDoNotCarryOverToTheNext() {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        bench.model().deviceProperty().set(row("loop0"));
        assertTrue(bench.setBudget("180"));
        assertTrue(bench.setMargin("43"));
        bench.model().deviceProperty().set(row("loop1"));
        assertEquals(BenchmarkRequest.DEFAULT_BUDGET, bench.model().budgetSecondsProperty().get());
        assertEquals(new BigDecimal("3"), bench.model().marginPercentProperty().get());
        bench.model().deviceProperty().set(row("loop0"));
        assertEquals(180, bench.model().budgetSecondsProperty().get(), "what the person set for loop0 is kept for loop0");
        assertEquals(new BigDecimal("43"), bench.model().marginPercentProperty().get());
    }

    @Test
    void aMessageAboutTheSchedulerIsReplacedWhenTheDeviceChangesFromOutside() throws Exception {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertEquals("Finished; loop0 is back on mq-deadline.", bench.model().messageProperty().get());
        // someone else switches it: the kernel's line changes under the window
        Files.writeString(root.resolve("sys/block/loop0/queue/scheduler"), "none mq-deadline kyber [bfq]\n");
        devices.refresh();
        assertEquals("loop0 now uses bfq.", bench.model().messageProperty().get());
        bench.applyScheduler("none");
        assertEquals("loop0 now uses none.", bench.model().messageProperty().get(), "Apply replaces \"Finished; … back on …\"");
    }

    @Test
    void aDeviceThatGoesAwayDuringItsBenchmarkSaysSoAndNothingElseIsActedOn() {
        BenchmarkController[] holder = new BenchmarkController[1];
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            listener.started("mq-deadline", List.of("none", "mq-deadline"), 60);
            // the device is detached: the window's device list drops it, nothing is selected
            holder[0].model().deviceProperty().set(null);
            holder[0].gone("loop0");
            assertTrue(cancellation.isCancelled(), "its benchmark is stopped");
            throw new BenchmarkFailedException("The benchmark of loop0 did not complete: the device disappeared.");
        });
        holder[0] = bench;
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertNull(bench.model().deviceProperty().get());
        assertEquals("loop0 went away during its benchmark; nothing it measured is kept. Nothing is selected now: select a device to go on.",
                bench.model().messageProperty().get());
        assertEquals(bench.model().messageProperty().get(), bench.model().placeholderProperty().get());
        assertFalse(bench.model().canStart().get(), "no action on another device");
        assertTrue(bench.model().winner().isEmpty());
        assertEquals(bench.model().messageProperty().get(), said.get(said.size() - 1), "the status line says it too");
    }

    @Test
    void theLastReportComesBackAfterARestartInLocalTime() {
        BenchmarkHistory history = new BenchmarkHistory(root.resolve("history"));
        BenchmarkController first = bench(SimulatedSweep.typical().savingTo(history).finishedAt("2026-12-01T08:52:02Z"));
        first.model().deviceProperty().set(row("loop0"));
        first.all();
        BenchmarkController again = bench(SimulatedSweep.typical());
        again.model().deviceProperty().set(row("loop0"));
        assertEquals(3, again.model().comparisons().size());
        assertEquals("none", again.model().winner().orElseThrow());
        assertEquals("Showing the last benchmark, of " + io.github.elevator.text.LocalTimes.of("2026-12-01T08:52:02Z") + ".",
                again.model().messageProperty().get());
    }

    @Test
    void theRaceNarrowsBlockByBlockFromTheDecisions() {
        List<LiveView> seen = new ArrayList<>();
        BenchmarkController[] holder = new BenchmarkController[1];
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkController bench = bench((request, listener, cancellation) -> sweep.run(request, new io.github.elevator.bench.sweep.BenchmarkListener() {
            @Override
            public void sample(io.github.elevator.bench.Sample s) {
                listener.sample(s);
            }

            @Override
            public void decided(String workload, io.github.elevator.bench.design.WorkloadDecision d) {
                listener.decided(workload, d);
                if (workload.equals("rand-read-qd32")) seen.add(holder[0].model().liveProperty().get());
            }
        }, cancellation));
        holder[0] = bench;
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        LiveView last = seen.get(seen.size() - 1);
        List<RacePoint> bfq = last.race().get("bfq");
        assertTrue(bfq.size() >= 3, "one estimate per look: " + bfq);
        RacePoint third = bfq.get(2), latest = last.race().get("mq-deadline").get(last.race().get("mq-deadline").size() - 1);
        assertTrue(third.lo() < third.value() && third.value() < third.hi(), "an interval from the third block on: " + third);
        RacePoint mqThird = last.race().get("mq-deadline").get(2);
        assertTrue(latest.hi() - latest.lo() <= mqThird.hi() - mqThird.lo(), "narrower with more blocks: " + mqThird + " then " + latest);
        RacePoint none = last.race().get("none").get(0);
        assertEquals(none.value(), none.lo(), 0, "the reference itself has no band");
    }

    @Test
    void aSkippedWorkloadSaysWhyAndTheOthersStillDecide() {
        BenchmarkController bench = bench(SimulatedSweep.typical().skip("rand-read", "the device is smaller than 64 MiB"));
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        Comparison skipped = bench.model().comparisons().get(1);
        assertFalse(skipped.ran());
        assertEquals("the device is smaller than 64 MiB", skipped.skipped());
        assertEquals("none", bench.model().winner().orElseThrow());
        assertEquals("Recommended: none, for all 2 workloads.", bench.model().recommendationProperty().get().text());
    }

    @Test
    void workloadsThatDisagreeAreNamedAndTheMostRecommendedWins() {
        SimulatedSweep sweep = SimulatedSweep.typical();
        for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) sweep.level("rand-read", s, s.equals("kyber") ? 18000 : 15000);
        BenchmarkController bench = bench(sweep);
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        assertEquals("none", bench.model().winner().orElseThrow());
        assertEquals("No one scheduler leads in every workload: none for sequential reads and many random reads at once; kyber for"
                + " random reads. none is offered: it is recommended for the most workloads.", bench.model().recommendationProperty().get().text());
        bench.applyScheduler("kyber");
        assertEquals("kyber", row("loop0").activeProperty().get());
    }

    @Test
    void aReportFromHistoryIsShownWithItsDecisionsAndSummarised() throws Exception {
        SimulatedSweep sweep = SimulatedSweep.typical();
        BenchmarkHistory history = new BenchmarkHistory(root.resolve("history"));
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            BenchmarkReport r = sweep.run(request, listener, cancellation);
            try {
                history.save(r);
            } catch (java.io.IOException e) {
                throw new BenchmarkFailedException("could not save: " + e.getMessage());
            }
            return r;
        });
        bench.model().deviceProperty().set(row("loop1"));
        bench.all();
        bench.model().deviceProperty().set(row("loop0"));
        bench.model().deviceProperty().set(row("loop1"));
        List<BenchmarkReport> past = bench.historyStore().of("loop1");
        assertEquals(1, past.size());
        assertEquals("none", past.get(0).overallWinner());
        assertTrue(bench.historyStore().of("loop0").isEmpty());
        assertTrue(Files.isDirectory(root.resolve("history/loop1")));
    }

    /** Export and the chart picture are written through the task runner (here on the calling thread), and say where or why not. */
    @Test
    void exportsAndThePictureAreWrittenAndSaidWhereOrWhyNot() throws Exception {
        BenchmarkController bench = bench(SimulatedSweep.typical());
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        Path json = root.resolve("report.json");
        bench.export().json(json);
        assertTrue(java.nio.file.Files.readString(json).contains("\"loop0\""), "the report names its device");
        assertEquals(io.github.elevator.app.ReportFiles.json(bench.model().reportProperty().get()), java.nio.file.Files.readString(json),
                "the window's JSON is elevator bench --json's: the verdict first");
        assertTrue(java.nio.file.Files.readString(json).startsWith("{\n  \"recommendation\": \"none\",\n  \"strength\": \"measured\",\n  \"why\": \"Recommended: "),
                java.nio.file.Files.readString(json).substring(0, 120));
        assertEquals("Saved " + json, said.get(said.size() - 1));
        Path csv = root.resolve("report.csv");
        bench.export().csv(csv);
        assertTrue(java.nio.file.Files.readString(csv).contains("rand-read-qd32"));
        assertEquals("Saved " + csv, said.get(said.size() - 1));

        Path folder = java.nio.file.Files.createDirectories(root.resolve("a-folder"));
        bench.export().csv(folder);
        assertTrue(said.get(said.size() - 1).startsWith("Could not save " + folder + ": "), said.get(said.size() - 1));

        Path png = root.resolve("charts.png");
        bench.export().png(png, new java.awt.image.BufferedImage(4, 3, java.awt.image.BufferedImage.TYPE_INT_RGB));
        byte[] head = java.util.Arrays.copyOf(java.nio.file.Files.readAllBytes(png), 4);
        assertTrue(java.util.Arrays.equals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, head), "a PNG file");
        assertEquals("Saved " + png, said.get(said.size() - 1));
    }

    @Test
    void startsAreShownInMillisecondsPerStartAndASampleWithoutOneDrawsNothing() {
        assertEquals("ms per start", Comparison.unit(Workload.START_UNDER_WRITE));
        assertEquals(42.5, SweepUpdates.valueOf(startSample(42_500)), 1e-9);
        assertTrue(Double.isNaN(SweepUpdates.valueOf(startSample(0))), "no start ended in this quarter second");
        assertEquals("42.5", Comparison.format(42.5, Workload.START_UNDER_WRITE.rankedBy()));
    }

    private static io.github.elevator.bench.Sample startSample(double p50us) {
        return new io.github.elevator.bench.Sample("bfq", Workload.START_UNDER_WRITE.id(), 1, 0.25, p50us > 0 ? 4 : 0, 48,
                p50us, p50us, 10, 30, 0, 1);
    }

    /**
     * One report, four views: the command line's text, its JSON, the window's table (of the run
     * just finished and of the same report read back from history) and the history's text give
     * the same ranking, leaders, recommendation per workload and for the whole device.
     */
    @Test
    void theCliTextItsJsonTheWindowAndTheHistoryShowOneRankingLeadersAndRecommendation() throws Exception {
        SimulatedSweep sweep = SimulatedSweep.typical().blocks(8).noise(0.05);
        for (String s : List.of("none", "mq-deadline", "kyber", "bfq")) sweep.level("rand-read", s, s.equals("kyber") ? 19000 : 15000);
        BenchmarkHistory history = new BenchmarkHistory(root.resolve("history"));
        BenchmarkReport[] ran = new BenchmarkReport[1];
        BenchmarkController bench = bench((request, listener, cancellation) -> {
            ran[0] = sweep.run(request, listener, cancellation);
            try {
                history.save(ran[0]);
            } catch (java.io.IOException e) {
                throw new BenchmarkFailedException("could not save: " + e.getMessage());
            }
            return ran[0];
        });
        bench.model().deviceProperty().set(row("loop0"));
        bench.all();
        BenchmarkReport report = ran[0];
        List<Comparison> window = List.copyOf(bench.model().comparisons());
        String windowVerdict = bench.model().recommendationProperty().get().text();

        BenchmarkReport readBack = history.of("loop0").get(0);
        bench.model().deviceProperty().set(row("loop1"));
        bench.model().deviceProperty().set(row("loop0"));
        bench.show(readBack);
        List<Comparison> fromHistory = List.copyOf(bench.model().comparisons());
        String cli = io.github.elevator.cli.BenchCommand.summary(report);
        com.google.gson.JsonObject json = com.google.gson.JsonParser.parseString(BenchmarkHistory.toJson(report)).getAsJsonObject();
        String historyText = io.github.elevator.ui.history.HistoryText.report(readBack, java.time.ZoneOffset.UTC);

        assertTrue(ReportWords.overall(report).startsWith("No one scheduler leads in every workload"), "a trade-off: " + ReportWords.overall(report));
        for (String w : List.of("seq-read", "rand-read", "rand-read-qd32")) {
            io.github.elevator.bench.design.WorkloadDecision d = report.decisions().get(w);
            List<String> ranking = d.ranking();
            List<String> standing = ranking.stream().map(s -> s.equals(d.recommendation()) ? "recommended"
                    : d.choice().leaders().contains(s) ? "leader" : "behind").toList();
            assertEquals(ranking, report.ranking().get(w), w + ": the report's own ranking is its decision's");

            com.google.gson.JsonObject jd = json.getAsJsonObject("decisions").getAsJsonObject(w);
            assertEquals(ranking, strings(json.getAsJsonObject("ranking").getAsJsonArray(w)), w + " in JSON");
            assertEquals(d.choice().leaders(), strings(jd.getAsJsonArray("leaders")), w + " leaders in JSON");
            assertEquals(d.recommendation(), jd.get("recommendation").getAsString(), w + " recommendation in JSON");

            for (List<Comparison> shown : List.of(window, fromHistory)) {
                Comparison c = shown.stream().filter(x -> x.workload().equals(w)).findFirst().orElseThrow();
                assertEquals(ranking, c.rows().stream().map(Comparison.Row::scheduler).toList(), w + " in the window");
                assertEquals(d.recommendation(), c.recommendation());
                assertEquals(standing, c.rows().stream().map(r -> r.verdict().startsWith("leader") ? "leader" : r.verdict()).toList(),
                        w + " standing in the window");
            }

            java.util.regex.Matcher block = java.util.regex.Pattern.compile("(?ms)^" + java.util.regex.Pattern.quote(w)
                    + " \\(ranked by .*?\\n(.*?)(?=^\\S|\\z)").matcher(cli);
            assertTrue(block.find(), cli);
            List<String> cliOrder = new ArrayList<>(), cliStanding = new ArrayList<>();
            java.util.regex.Matcher row = java.util.regex.Pattern.compile("(?m)^  \\d+\\s+(\\S+)\\s+(recommended|leader|behind)\\s").matcher(block.group(1));
            while (row.find()) {
                cliOrder.add(row.group(1));
                cliStanding.add(row.group(2));
            }
            assertEquals(ranking, cliOrder, w + " in the command line's table:\n" + cli);
            assertEquals(standing, cliStanding, w + " standing in the command line's table");

            java.util.regex.Matcher hist = java.util.regex.Pattern.compile("(?ms)^" + java.util.regex.Pattern.quote(w) + ": .*?\\n(.*?)(?=^\\S|^$|\\z)")
                    .matcher(historyText);
            assertTrue(hist.find(), historyText);
            List<String> histOrder = new ArrayList<>(), histStanding = new ArrayList<>();
            java.util.regex.Matcher line = java.util.regex.Pattern.compile("(?m)^  \\d+\\. (\\S+) .*  (recommended|leader|behind)$").matcher(hist.group(1));
            while (line.find()) {
                histOrder.add(line.group(1));
                histStanding.add(line.group(2));
            }
            assertEquals(ranking, histOrder, w + " in the history:\n" + historyText);
            assertEquals(standing, histStanding, w + " standing in the history");
        }
        assertEquals(ReportWords.overall(report), windowVerdict, "the window's verdict");
        assertEquals(ReportWords.overall(report), bench.model().recommendationProperty().get().text(), "the window's verdict, read back");
        assertTrue(cli.strip().endsWith("\nVerdict for loop0: " + report.overall().scheduler() + " (measured). " + ReportWords.overall(report)), cli);
        assertTrue(historyText.contains(ReportWords.overall(report)), historyText);
        assertEquals(report.overall().scheduler(), json.getAsJsonObject("overall").get("scheduler").getAsString());
    }

    private static List<String> strings(com.google.gson.JsonArray array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.getAsString()));
        return out;
    }
}
