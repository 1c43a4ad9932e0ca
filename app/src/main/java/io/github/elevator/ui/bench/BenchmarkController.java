package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.BenchmarkMode;
import io.github.elevator.app.BenchmarkRequest;
import io.github.elevator.app.BenchmarkService;
import io.github.elevator.app.QuickBenchmark;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.text.LocalTimes;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import io.github.elevator.ui.devices.DeviceRow;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What the benchmark panel does: starts and cancels a sweep, applies a scheduler, exports and
 * shows reports, all through the {@code app} services on the {@link TaskRunner}; what it finds
 * goes into its {@link BenchmarkModel}. One benchmark runs at a time, and every device keeps its
 * own results and last message while others are shown.
 */
public final class BenchmarkController {
    private final BenchmarkModel model = new BenchmarkModel();
    private final DeviceBenches benches = new DeviceBenches(model);
    private final Benchmarks benchmarks;
    private final BenchmarkHistory history;
    private final SchedulerService schedulers;
    private final TaskRunner tasks;
    private final Consumer<String> say;
    private final Runnable devicesChanged;
    private final WorkloadChoices choices;
    private final ReportExport export;
    private Cancellation cancellation;
    private StatusAbout sayAbout;

    /** The status line, told what a message says of which device, so that it can take it back when that changes. */
    @FunctionalInterface
    public interface StatusAbout {
        void say(String device, String scheduler, String message);
    }

    /** The window's way: the service's run and history. */
    public BenchmarkController(BenchmarkService service, SchedulerService schedulers, TaskRunner tasks,
                               Consumer<String> say, Runnable devicesChanged) {
        this(service::run, service.history(), schedulers, tasks, say, devicesChanged);
    }

    public BenchmarkController(Benchmarks benchmarks, BenchmarkHistory history, SchedulerService schedulers, TaskRunner tasks,
                               Consumer<String> say, Runnable devicesChanged) {
        this.benchmarks = benchmarks;
        this.history = history;
        this.schedulers = schedulers;
        this.tasks = tasks;
        this.say = say;
        this.devicesChanged = devicesChanged;
        this.choices = new WorkloadChoices(model, tasks);
        this.export = new ReportExport(model, tasks, say);
        this.sayAbout = (d, sched, text) -> say.accept(text);
        model.device.addListener((obs, old, now) -> deviceChanged(now));
        benches.publish();
    }

    /** What the panel shows. */
    public BenchmarkModel model() {
        return model;
    }

    /**
     * A budget too short to answer on {@code row} is raised to the shortest that can, and said in
     * words; the person starts again with it (or changes the workloads). Returns whether it was raised.
     */
    private boolean budgetRaised(BenchmarkRequest request, DeviceRow row, List<Workload> workloads) {
        int slots = BenchmarkService.slotCount(request, row.schedulers());
        Optional<String> tooShort = BenchmarkService.tooShort(request, slots, workloads);
        if (tooShort.isEmpty()) return false;
        int shortest = io.github.elevator.bench.sweep.ShortestBudget.seconds(slots, workloads);
        model.budgetSeconds.set(shortest);
        say.accept(Messages.text("ui.bench.budget.raised", tooShort.get(), shortest));
        return true;
    }

    /** The caption of a picture of the charts: the benchmark running and now while the live chart is shown, else the report shown. */
    String chartsCaption() {
        java.time.ZoneId zone = java.time.ZoneId.systemDefault();
        DeviceBench running = benches.benchmarked;
        BenchmarkReport shown = model.report.get();
        if (model.locked.get() && running != null) {
            return ChartPicture.caption(running.device, java.time.Instant.now().toString(), running.workloads.stream().map(Workload::id).toList(), zone);
        }
        return shown == null ? "" : ChartPicture.caption(shown, zone);
    }

    /** Where messages about a device's scheduler go, so that the status line can replace them when the device changes. */
    public void sayAboutTo(StatusAbout status) {
        sayAbout = status;
    }

    /** Takes typed text as the budget; anything but whole seconds within range is refused with a message. Returns whether it was taken. */
    public boolean setBudget(String text) {
        Optional<Integer> seconds = BenchInput.parseBudget(text);
        seconds.ifPresentOrElse(model.budgetSeconds::set, () -> say.accept(Messages.text("ui.bench.budget.refused",
                BenchInput.MIN_BUDGET, BenchInput.MAX_BUDGET, model.budgetSeconds.get())));
        return seconds.isPresent();
    }

    /** Takes typed text as the margin in percent; refuses anything out of range or not a number. */
    public boolean setMargin(String text) {
        Optional<BigDecimal> pct = BenchInput.parseMargin(text);
        pct.ifPresentOrElse(model.marginPercent::set, () -> say.accept(Messages.text("ui.bench.margin.refused",
                Comparison.trim(BenchInput.MIN_MARGIN_PERCENT), Comparison.trim(BenchInput.MAX_MARGIN_PERCENT),
                Numbers.exact(model.marginPercent.get()))));
        return pct.isPresent();
    }

    /** The quick benchmark: its three workloads on the current scheduler, its own length (the budget is a comparison's). */
    public void quick() {
        start(BenchmarkMode.CURRENT, false);
    }

    /**
     * The quick benchmark with fio beside it: right after each of Elevator's runs, fio does the
     * same reads with your rights in the same session ({@code elevator bench DEVICE --fio}).
     */
    public void checkWithFio() {
        if (model.fioInstalled.get()) start(BenchmarkMode.CURRENT, true);
    }

    public void all() {
        start(BenchmarkMode.ALL, false);
    }

    /** Runs the current scheduler in every slot, to show how small a difference this machine can resolve. */
    public void noiseCheck() {
        start(BenchmarkMode.NOISE_CHECK, false);
    }

    public void cancel() {
        if (cancellation != null && benches.benchmarked != null) {
            cancellation.cancel();
            benches.benchmarked.say(Messages.text("ui.bench.cancelling"), null);
            benches.publish();
        }
    }

    /** Where fio is looked for; the window looks at the usual path, tests at a path of their own. */
    void fioAt(Path fio) {
        model.fioInstalled.set(Files.isExecutable(fio));
    }

    /**
     * The device {@code name} went away (unplugged, detached). Its benchmark, if one runs, stops;
     * while nothing else is selected the panel says so in words.
     */
    public void gone(String name) {
        DeviceBench state = benches.find(name);
        boolean during = state != null && (state.running || state.failed);
        if (state != null && state.running && cancellation != null) cancellation.cancel();
        DeviceRow row = model.device.get();
        if (!name.equals(row != null ? row.name() : benches.lastSelected)) return;
        benches.gone = during ? Messages.text("ui.bench.gone.during", name) : Messages.text("ui.bench.gone", name);
        say.accept(benches.gone);
        benches.publish();
    }

    private void start(BenchmarkMode mode, boolean fio) {
        DeviceRow row = model.device.get();
        if (row == null || model.running.get()) return;
        List<Workload> workloads = new ArrayList<>();
        if (mode == BenchmarkMode.CURRENT) workloads.addAll(QuickBenchmark.WORKLOADS);
        else workloads.addAll(model.chosenNow());
        BenchmarkRequest request;
        try {
            String variants = model.variants.get();
            List<String> offered = mode == BenchmarkMode.ALL && !variants.isBlank() ? BenchInput.withVariants(row.schedulers(), variants) : List.of();
            request = (mode == BenchmarkMode.CURRENT
                    ? new BenchmarkRequest(row.name(), mode, List.of(), workloads, BenchmarkRequest.DEFAULT_BUDGET, BenchmarkRequest.DEFAULT_MARGIN)
                    : new BenchmarkRequest(row.name(), mode, offered, workloads, model.budgetSeconds.get(),
                    model.marginPercent.get().doubleValue() / 100))
                    .withFio(fio);
        } catch (IllegalArgumentException e) {
            say.accept(e.getMessage());
            return;
        }
        if (budgetRaised(request, row, workloads)) return;
        begin(row, mode, workloads, request);
    }

    /**
     * "Measure longer": the report shown, a sweep whose answer is not measured, continued on its
     * device and slots for about the time it names; its blocks are kept in the report that comes back.
     */
    public void measureLonger() {
        DeviceRow row = model.device.get();
        BenchmarkReport shown = model.report.get();
        if (row == null || model.running.get() || shown == null || !row.name().equals(shown.device()) || !LongerOffer.offered(shown)) return;
        BenchmarkRequest request = BenchmarkRequest.continuing(shown, shown.secondsToResolve());
        begin(row, BenchmarkMode.ALL, request.workloads(), request);
    }

    private void begin(DeviceRow row, BenchmarkMode mode, List<Workload> workloads, BenchmarkRequest request) {
        DeviceBench state = benches.state(row.name());
        state.begin(mode, workloads, request.budgetSeconds());
        state.say(Messages.text("ui.bench.starting"), null);
        Cancellation c = new Cancellation();
        cancellation = c;
        benches.benchmarked = state;
        model.running.set(true);
        model.benchmarkedDevice.set(row.name());
        benches.publish();
        tasks.<Finished, Consumer<DeviceBench>>run(updates -> {
            BenchmarkReport done = benchmarks.run(request, new SweepUpdates(updates), c);
            return new Finished(done, previousQuick(done));
        }, update -> {
            update.accept(state);
            benches.publish();
        }, finished -> {
            BenchmarkReport done = finished.report();
            finish(state, done, finished.previous());
            state.progress = 1;
            String finishedKey = QuickBenchmark.isQuick(done) ? "ui.bench.finished.in-place" : "ui.bench.finished";
            state.say(state.notSaved == null ? Messages.text(finishedKey, done.device(), done.originalScheduler())
                    : Messages.text(finishedKey + ".not-saved", done.device(), done.originalScheduler(), state.notSaved),
                    done.originalScheduler());
            benches.publish();
            devicesChanged.run();
        }, error -> {
            finish(state, null, null);
            state.progress = 0;
            state.say(error.getMessage(), null);
            benches.publish();
            devicesChanged.run();
        });
    }

    private record Finished(BenchmarkReport report, BenchmarkReport previous) {
    }

    /** For a quick report, the device's quick benchmark before it; null otherwise. Reads the history: off the UI thread. */
    private BenchmarkReport previousQuick(BenchmarkReport r) {
        if (!QuickBenchmark.isQuick(r)) return null;
        try {
            return QuickBenchmark.previous(history.of(r.device()), r).orElse(null);
        } catch (IOException unreadable) {
            return null; // the tiles show no comparison; the history dialog says what it cannot read
        }
    }

    private void finish(DeviceBench state, BenchmarkReport done, BenchmarkReport previous) {
        state.end(done, previous);
        benches.benchmarked = null;
        cancellation = null;
        model.running.set(false);
        model.benchmarkedDevice.set(null);
    }

    /** Shows a report of the selected device (from history) in its results. */
    public void show(BenchmarkReport r) {
        DeviceRow row = model.device.get();
        if (row == null || (benches.benchmarked != null && benches.benchmarked.device.equals(row.name()))) return;
        DeviceBench state = benches.state(row.name());
        state.report = r;
        state.previousQuick = null;
        state.mode = BenchmarkMode.ALL;
        state.say(Messages.text("ui.bench.showing", LocalTimes.of(r.finishedAt())), null);
        benches.publish();
        if (QuickBenchmark.isQuick(r)) {
            tasks.run(() -> Optional.ofNullable(previousQuick(r)), previous -> {
                if (state.report != r) return;
                state.previousQuick = previous.orElse(null);
                benches.publish();
            }, error -> { });
        }
    }

    public void applyWinner() {
        applyScheduler(model.winner().orElse(null));
    }

    /** Switches the selected device to {@code scheduler}, when its results are not being measured. */
    public void applyScheduler(String scheduler) {
        DeviceRow row = model.device.get();
        if (row == null || scheduler == null || model.locked.get()) return;
        say.accept(Messages.text("ui.bench.switching", row.name(), scheduler));
        tasks.run(() -> schedulers.switchScheduler(row.name(), scheduler), now -> {
            String text = Messages.text("ui.bench.now-uses", now.name(), now.active());
            sayAbout.say(now.name(), now.active(), text);
            DeviceBench state = benches.find(now.name());
            if (state != null && state != benches.benchmarked) state.say(text, now.active());
            benches.publish();
            devicesChanged.run();
        }, error -> say.accept(error.getMessage()));
    }

    /** Writes the report shown, or a picture of the charts, to a file. */
    public ReportExport export() {
        return export;
    }

    /** Where past reports are kept; the history dialog reads them off the UI thread. */
    public BenchmarkHistory historyStore() {
        return history;
    }

    private void deviceChanged(DeviceRow row) {
        benches.selected(row);
        if (row == null) {
            model.writeUnavailable.set(Messages.text("ui.bench.no-device"));
            return;
        }
        lastReport(row);
        choices.selected(row);
    }

    /** Once per start of the window: the device's last report from history, so results survive a restart. */
    private void lastReport(DeviceRow row) {
        DeviceBench state = benches.state(row.name());
        if (state.historyAsked || state.report != null || state.running) return;
        state.historyAsked = true;
        tasks.run(() -> history.of(row.name()), reports -> {
            if (reports.isEmpty() || state.report != null || state.running) return;
            BenchmarkReport last = reports.get(0);
            state.report = last;
            state.previousQuick = QuickBenchmark.previous(reports, last).orElse(null);
            state.mode = BenchmarkMode.ALL;
            state.say(Messages.text("ui.bench.showing.last", LocalTimes.of(last.finishedAt())), null);
            benches.publish();
        }, error -> say.accept(Messages.text("ui.bench.history.unreadable.of", row.name(), error.getMessage())));
    }
}
