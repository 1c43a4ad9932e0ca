package io.github.elevator.app;

import io.github.elevator.bench.OtherLoad;
import io.github.elevator.bench.report.BenchmarkReport;
import io.github.elevator.bench.DefaultWorkloads;
import io.github.elevator.bench.report.QuietEstimate;
import io.github.elevator.bench.report.ReportMode;
import io.github.elevator.bench.Scratch;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.WritePlan;
import io.github.elevator.bench.design.Preference;
import io.github.elevator.bench.sweep.BenchmarkListener;
import io.github.elevator.bench.sweep.Budget;
import io.github.elevator.bench.sweep.Cancellation;
import io.github.elevator.bench.sweep.Ending;
import io.github.elevator.bench.sweep.Job;
import io.github.elevator.bench.sweep.OtherPrograms;
import io.github.elevator.bench.sweep.QuickRun;
import io.github.elevator.bench.sweep.ShortestBudget;
import io.github.elevator.bench.sweep.Sweep;
import io.github.elevator.bench.sweep.SweepPlan;
import io.github.elevator.device.KernelDefaults;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.device.SchedulerVariants;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.bench.FioCommand;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.RootHeldDevice;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.text.Messages;
import io.github.elevator.protocol.Printable;
import io.github.elevator.text.Sentences;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs a benchmark through one helper session (one authentication): the helper holds the device,
 * switches it and runs the raw reads; write workloads run here with the user's own rights. Turns
 * the blocks into a report with a decision per workload, and keeps the history.
 */
public final class BenchmarkService {
    private final BlockDeviceScanner scanner;
    private final HelperRunner helper;
    private final HeldDevices held;
    private final BenchmarkHistory history;

    public BenchmarkService(BlockDeviceScanner scanner, HelperRunner helper, HeldDevices held, BenchmarkHistory history) {
        this.scanner = scanner;
        this.helper = helper;
        this.held = held;
        this.history = history;
    }

    public BenchmarkHistory history() {
        return history;
    }

    public HeldDevices held() {
        return held;
    }

    /**
     * The workloads a benchmark of {@code device} runs when none are chosen: {@link DefaultWorkloads}
     * for it and what of it can be written here; the raw reads for a device not found (the run says why).
     */
    public List<Workload> defaultWorkloads(String device) {
        try {
            return scanner.find(device).map(d -> DefaultWorkloads.of(d, Scratch.writableMount(d).isPresent())).orElse(Workload.DEFAULTS);
        } catch (IOException e) {
            return Workload.DEFAULTS;
        }
    }

    /** What {@code workloads} will write where on {@code device}, in one line; empty when they write nothing or cannot run. */
    public Optional<String> writePlan(String device, List<Workload> workloads) {
        try {
            Optional<BlockDevice> d = scanner.find(device);
            Optional<java.nio.file.Path> mount = d.flatMap(Scratch::writableMount);
            if (mount.isEmpty()) return Optional.empty();
            return WritePlan.of(workloads, mount.get(), java.nio.file.Files.getFileStore(mount.get()).getUsableSpace());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Why the request's budget cannot answer on its device: too short for the blocks a comparison is
     * judged on ({@link ShortestBudget}), with the shortest that can. Empty when it can, for a quick
     * benchmark (it has its own length), and for a device the run itself will refuse.
     */
    public Optional<String> budgetTooShort(BenchmarkRequest request) {
        try {
            BlockDevice device = check(request);
            List<Workload> workloads = runnable(device, request.workloads(), new LinkedHashMap<>());
            return workloads.isEmpty() ? Optional.empty() : tooShort(request, slots(device, request).size(), workloads);
        } catch (BenchmarkFailedException e) {
            return Optional.empty();
        }
    }

    /**
     * How many slots a sweep of {@code request} runs on a device that offers {@code offered}: the
     * schedulers named (or all offered), or the noise check's labels of the current one.
     */
    public static int slotCount(BenchmarkRequest request, List<String> offered) {
        return switch (request.mode()) {
            case CURRENT -> 1;
            case ALL -> (request.schedulers().isEmpty() ? offered : request.schedulers()).size();
            case NOISE_CHECK -> noiseSlots(offered.size());
        };
    }

    /** A noise check's slots: as many as a comparison of the offered schedulers would have, two to four. */
    private static int noiseSlots(int offered) {
        return Math.max(2, Math.min(4, offered));
    }

    /** Why {@code request}'s budget cannot answer with {@code slots} slots over {@code workloads}, in a sentence; empty when it can. */
    public static Optional<String> tooShort(BenchmarkRequest request, int slots, List<Workload> workloads) {
        if (QuickBenchmark.answers(request)) return Optional.empty();
        int shortest = ShortestBudget.seconds(slots, workloads);
        return request.budgetSeconds() >= shortest ? Optional.empty() : Optional.of(Messages.text("app.benchmark.budget-too-short",
                request.budgetSeconds(), io.github.elevator.bench.design.PairedAnalysis.MIN_BLOCKS, slots, workloads.size(), shortest));
    }

    /** Runs the request to the end (or until cancelled) and returns the report, already saved to history. */
    public BenchmarkReport run(BenchmarkRequest request, BenchmarkListener listener, Cancellation cancellation)
            throws BenchmarkFailedException {
        BlockDevice device = check(request);
        Map<String, String> skipped = new LinkedHashMap<>();
        List<Workload> workloads = runnable(device, request.workloads(), skipped);
        skipped.forEach(listener::skipped);
        if (workloads.isEmpty()) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.nothing-runs", device.name(), String.join("; ", skipped.values())));
        }
        Map<String, String> slots = request.continuing() == null ? slots(device, request) : slotsOf(request.continuing());
        if (request.continuing() == null) {
            Optional<String> tooShort = tooShort(request, slots.size(), workloads);
            if (tooShort.isPresent()) throw new BenchmarkFailedException(tooShort.get());
        }
        if (request.checkWithFio() && !java.nio.file.Files.isExecutable(java.nio.file.Path.of(FioCommand.FIO))) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.no-fio", FioCommand.FIO));
        }
        // fio opens the device itself, with this process's rights: a device read through the helper's descriptor alone cannot be checked
        if (request.checkWithFio() && !java.nio.file.Files.isReadable(java.nio.file.Path.of("/dev", device.name()))) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.fio-no-access", device.name()));
        }
        if (request.checkWithFio() && request.mode() == BenchmarkMode.NOISE_CHECK) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.noise-fio"));
        }
        boolean quick = QuickBenchmark.answers(request);
        Scratch scratch = null;
        try (RootHeldDevice session = open(device)) {
            if (workloads.stream().anyMatch(w -> !w.raw())) scratch = Scratch.create(Scratch.writableMount(device).orElseThrow());
            Preference preference = new Preference(kernelChoice(device), session.originalScheduler());
            FioChecks fio = new FioChecks(session, quick ? QuickRun.SECONDS_PER_WORKLOAD : FioChecks.SWEEP_SECONDS, listener);
            Job job;
            Function<String, BenchmarkReport> report;
            if (quick) {
                String scheduler = session.originalScheduler();
                double expected = QuickBenchmark.expectedSeconds(request.checkWithFio() ? fio : null);
                listener.started(scheduler, List.of(scheduler), expected);
                QuickRun runs = new QuickRun(session, workloads, listener, cancellation, request.checkWithFio() ? fio : null, System::nanoTime,
                        OtherPrograms.onThisMachine(device.name()));
                job = runs;
                report = back -> BenchmarkReport.of(ReportMode.QUICK, device.name(), back, now(), session.ready().engines(), runs.runs(),
                        Map.of(), List.of(), expected, skipped, preference, runs.otherLoad(), fio::of)
                        .withSpreads(runs.spreads());
            } else {
                listener.started(session.originalScheduler(), new ArrayList<>(slots.keySet()),
                        request.budgetSeconds() + (request.checkWithFio() ? fio.afterSweepSeconds(slots.values(), workloads) : 0));
                boolean noiseCheck = request.mode() == BenchmarkMode.NOISE_CHECK;
                SweepPlan plan = new SweepPlan(slots, workloads, request.margin(), noiseCheck, preference);
                Sweep sweep = new Sweep(session, plan, Budget.of(request.budgetSeconds()), scratch, OtherPrograms.onThisMachine(device.name()),
                        listener, cancellation);
                BenchmarkReport earlier = request.continuing();
                // a continued sweep's slices are sized by the budget of the sweep it continues, which its report keeps
                if (earlier != null) sweep.continuing(earlier.runs(), earlier.orders(), earlier.decisions(), earlier.budgetSeconds());
                double budget = earlier == null ? request.budgetSeconds() : earlier.budgetSeconds();
                job = !request.checkWithFio() ? sweep : () -> {
                    sweep.run();
                    fio.afterSweep(slots.values(), workloads, cancellation);
                };
                report = back -> {
                    BenchmarkReport r = BenchmarkReport.of(noiseCheck ? ReportMode.NOISE_CHECK : ReportMode.SWEEP, device.name(), back,
                            now(), session.ready().engines(), sweep.runs(), sweep.decisions(), sweep.orders(), budget, skipped,
                            preference, sweep.otherLoad(), fio::of).withOutsideSwitches(sweep.outsideSwitches());
                    if (noiseCheck) return r;
                    BenchmarkReport timed = r.withSecondsToResolve(sweep.secondsToResolve()).withShortOfWrites(sweep.shortOfWrites());
                    return timed.withQuiet(quietEstimate(timed, sweep));
                };
            }
            BenchmarkReport done = report.apply(endedOn(Ending.of(session, job), quick, session, device));
            save(done, listener);
            return done;
        } catch (PrivilegeException e) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.not-started", device.name(), e.getMessage()));
        } catch (IOException e) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.not-prepared", device.name(), e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkFailedException(Messages.text("app.benchmark.interrupted", device.name(), device.active()));
        } finally {
            if (scratch != null) closeQuietly(scratch);
        }
    }

    /**
     * The scheduler the device is back on after a benchmark that ran to its end; otherwise what
     * happened and where the device is now, as the failure: "Cancelled; sdb is back on bfq", or what
     * the helper's record says when the helper ended without saying.
     */
    private String endedOn(Ending ending, boolean quick, RootHeldDevice session, BlockDevice device) throws BenchmarkFailedException {
        if (ending.way() == Ending.Way.DONE && ending.back() != null) return ending.back();
        if (ending.way() == Ending.Way.DONE) {
            throw new BenchmarkFailedException(Messages.text(quick ? "app.quick.ended-but" : "app.benchmark.ended-but", device.name(),
                    leftBehind(session, device)));
        }
        String whereNow = ending.back() != null ? Messages.text(quick ? "app.quick.still-on" : "app.benchmark.back-on", device.name(), ending.back())
                : leftBehind(session, device);
        if (ending.way() == Ending.Way.CANCELLED) throw new BenchmarkFailedException(Messages.text("app.benchmark.cancelled", whereNow));
        throw new BenchmarkFailedException(Messages.text(quick ? "app.quick.incomplete" : "app.benchmark.incomplete", device.name(),
                reason(ending.failure()), whereNow));
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** The scheduler the kernel itself gives the device, a tie-break between leaders; null when it cannot be told. */
    private String kernelChoice(BlockDevice device) {
        KernelDefaults defaults = scanner.kernelDefaults(device);
        return defaults == null ? null : defaults.scheduler();
    }

    private RootHeldDevice open(BlockDevice device) throws PrivilegeException, InterruptedException {
        return RootHeldDevice.open(helper, device.name());
    }

    /** After the helper ended without saying where the device is: what its record says, or that it is not known and why. */
    private String leftBehind(RootHeldDevice session, BlockDevice device) {
        String why = session.failure();
        return held.leftBehind(device.name()).orElse(why.isEmpty() ? Messages.text("app.benchmark.not-said", device.name())
                : Messages.text("app.benchmark.not-said.why", device.name(), Sentences.lowerFirst(why)));
    }

    /** An I/O error in words: a vanished file is named as such, not by its path alone. */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException gone) return Messages.text("app.benchmark.file-gone", gone.getFile());
        if (e instanceof java.nio.file.FileSystemException fs) {
            return fs.getReason() != null ? fs.getFile() + ": " + fs.getReason()
                    : Messages.text("app.benchmark.file-changed", fs.getFile(), e.getClass().getSimpleName());
        }
        return String.valueOf(e.getMessage());
    }

    private BlockDevice check(BenchmarkRequest request) throws BenchmarkFailedException {
        Optional<BlockDevice> found;
        try {
            found = scanner.find(request.device());
        } catch (IOException e) {
            throw new BenchmarkFailedException(Messages.text("app.devices.unreadable", e.getMessage()));
        }
        BlockDevice d = found.orElseThrow(() -> new BenchmarkFailedException(scanner.notADisk(request.device())));
        if (!d.hasScheduler()) throw new BenchmarkFailedException(Messages.text("app.benchmark.no-scheduler", d.name()));
        if (d.sizeBytes() == 0) throw new BenchmarkFailedException(Messages.text("app.benchmark.no-medium", d.name()));
        java.util.Set<String> named = new java.util.LinkedHashSet<>();
        for (String s : request.schedulers()) {
            SchedulerVariant v = variant(s);
            if (!d.schedulers().contains(v.scheduler())) {
                throw new BenchmarkFailedException(Messages.text("app.benchmark.not-offered", d.name(), Printable.quoted(v.scheduler()),
                        String.join(", ", d.schedulers())));
            }
        }
        return d;
    }

    /** A scheduler or a variant of one ("bfq low_latency=0"), checked before anything asks for a password. */
    private static SchedulerVariant variant(String text) throws BenchmarkFailedException {
        try {
            return SchedulerVariants.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BenchmarkFailedException(Messages.text("app.benchmark.bad-variant", Printable.quoted(text), e.getMessage()));
        }
    }

    /** The workloads that can run here; the others go into {@code skipped} with the reason. */
    private static List<Workload> runnable(BlockDevice device, List<Workload> wanted, Map<String, String> skipped) {
        List<Workload> ok = new ArrayList<>();
        for (Workload w : wanted) {
            StringBuilder whyNot = new StringBuilder();
            if (!w.fits(device.sizeBytes(), 4096)) skipped.put(w.id(), Messages.text("app.benchmark.too-small", device.name(), w.id()));
            else if (!w.raw() && Scratch.writableMount(device, whyNot).isEmpty()) skipped.put(w.id(), whyNot.toString());
            else ok.add(w);
        }
        return ok;
    }

    /** Slot label to scheduler: the schedulers (or variants) themselves, or in a noise check the current one under several labels. */
    private static Map<String, String> slots(BlockDevice device, BenchmarkRequest request) {
        Map<String, String> slots = new LinkedHashMap<>();
        switch (request.mode()) {
            case CURRENT -> slots.put(device.active(), device.active());
            case ALL -> (request.schedulers().isEmpty() ? device.schedulers() : request.schedulers()).forEach(s -> {
                String text = SchedulerVariants.parse(s).text(); // checked in check(): one spelling per variant
                slots.put(text, text);
            });
            case NOISE_CHECK -> {
                int n = noiseSlots(device.schedulers().size());
                for (int i = 1; i <= n; i++) slots.put(device.active() + "#" + i, device.active());
            }
        }
        return slots;
    }

    /** The slots of the sweep a request continues, in the order they first ran. */
    private static Map<String, String> slotsOf(BenchmarkReport earlier) {
        Map<String, String> slots = new LinkedHashMap<>();
        for (List<String> order : earlier.orders()) for (String slot : order) slots.put(slot, slot);
        return slots;
    }

    /**
     * For a sweep that other programs kept busy and whose answer is not measured, how long it would
     * take on a quiet machine: at the noise of the newest sweep of this device in the history that
     * ran while the machine was quiet, if there is one of the same schedulers and workloads.
     */
    private QuietEstimate quietEstimate(BenchmarkReport busy, Sweep sweep) {
        OtherLoad load = busy.otherLoad();
        if (load == null || load.otherCores() < QuietEstimate.BUSY_CORES || busy.secondsToResolve() == null) return null;
        try {
            for (BenchmarkReport earlier : history.of(busy.device())) {
                if (earlier.mode() != ReportMode.SWEEP || earlier.otherLoad() == null
                        || earlier.otherLoad().otherCores() > QuietEstimate.QUIET_CORES) continue;
                Double seconds = sweep.secondsToResolveAt(earlier.runs());
                if (seconds != null) return new QuietEstimate(seconds, earlier.finishedAt(), earlier.otherLoad().otherCores());
            }
        } catch (IOException unreadable) {
            // the history cannot be read now: the answer says nothing of a quiet machine
        }
        return null;
    }

    /** Saves the report to history; a report that cannot be kept is still shown, and the listener is told why in one line. */
    private void save(BenchmarkReport report, BenchmarkListener listener) {
        try {
            history.save(report);
        } catch (IOException | RuntimeException e) {
            listener.notSaved(Messages.text("app.benchmark.not-kept", BenchmarkHistory.whyNotSaved(e)));
        }
    }

    private static void closeQuietly(Scratch scratch) {
        try {
            scratch.close();
        } catch (IOException ignored) {
            // the folder is the user's own; they can remove what is left
        }
    }
}
