package io.github.elevator.app;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.bench.BenchmarkReport;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.privilege.PrivilegeException;
import io.github.elevator.privilege.RunningHelper;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs benchmarks through one helper invocation (one authentication) and turns its stream into
 * a report; keeps the journal that lets a killed sweep be undone, and the history.
 */
public final class BenchmarkService {
    private static final Gson GSON = new Gson();

    private final BlockDeviceScanner scanner;
    private final HelperRunner helper;
    private final SweepJournal journal;
    private final BenchmarkHistory history;

    public BenchmarkService(BlockDeviceScanner scanner, HelperRunner helper, SweepJournal journal, BenchmarkHistory history) {
        this.scanner = scanner;
        this.helper = helper;
        this.journal = journal;
        this.history = history;
    }

    public BenchmarkHistory history() {
        return history;
    }

    /** Runs the request to the end (or until cancelled) and returns the report, already saved to history. */
    public BenchmarkReport run(BenchmarkRequest request, BenchmarkListener listener, Cancellation cancellation)
            throws BenchmarkFailedException {
        BlockDevice device = check(request);
        List<RunResult> runs = new ArrayList<>();
        Map<String, String> engines = new LinkedHashMap<>();
        String[] original = {device.active()};
        try {
            journal.begin(new SweepJournal.Entry(device.name(), device.active()));
        } catch (IOException e) {
            throw new BenchmarkFailedException("Could not write the sweep journal: " + e.getMessage());
        }
        try {
            RunningHelper running = helper.start(request.helperArgs(), line -> dispatch(line, listener, runs, engines, original));
            cancellation.onCancel(running::cancel);
            running.waitFor();
        } catch (PrivilegeException e) {
            if (cancellation.isCancelled()) throw new BenchmarkFailedException("Cancelled; " + device.name() + " is back on " + original[0] + ".");
            throw new BenchmarkFailedException("The benchmark of " + device.name() + " did not complete: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchmarkFailedException("Interrupted");
        } finally {
            try {
                journal.end();
            } catch (IOException ignored) {
                // a stale journal only leads to a harmless check on next start
            }
        }
        BenchmarkReport report = BenchmarkReport.of(device.name(), original[0],
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), engines, runs);
        try {
            history.save(report);
        } catch (IOException e) {
            // the report is still shown; only the history misses it
        }
        return report;
    }

    private BlockDevice check(BenchmarkRequest request) throws BenchmarkFailedException {
        Optional<BlockDevice> found;
        try {
            found = scanner.find(request.device());
        } catch (IOException e) {
            throw new BenchmarkFailedException("Could not read the block devices: " + e.getMessage());
        }
        BlockDevice d = found.orElseThrow(() -> new BenchmarkFailedException(
                "There is no block device named " + SchedulerService.printable(request.device()) + "."));
        if (!d.hasScheduler()) throw new BenchmarkFailedException(d.name() + " has no I/O scheduler to compare.");
        if (d.sizeBytes() == 0) throw new BenchmarkFailedException(d.name() + " has no medium (size 0).");
        return d;
    }

    private static void dispatch(String line, BenchmarkListener listener, List<RunResult> runs,
                                 Map<String, String> engines, String[] original) {
        JsonObject e;
        try {
            e = JsonParser.parseString(line).getAsJsonObject();
        } catch (RuntimeException notJson) {
            return;
        }
        switch (e.has("type") ? e.get("type").getAsString() : "") {
            case "start" -> {
                original[0] = e.get("originalScheduler").getAsString();
                e.getAsJsonObject("engines").entrySet().forEach(x -> engines.put(x.getKey(), x.getValue().getAsString()));
                List<String> schedulers = new ArrayList<>();
                e.getAsJsonArray("schedulers").forEach(x -> schedulers.add(x.getAsString()));
                listener.started(original[0], schedulers, e.get("estimatedSeconds").getAsDouble());
            }
            case "progress" -> listener.progress(e.get("done").getAsInt(), e.get("total").getAsInt(),
                    e.get("secondsLeft").getAsDouble(), e.get("doing").getAsString());
            case "sample" -> listener.sample(GSON.fromJson(e, Sample.class));
            case "run" -> {
                RunResult r = GSON.fromJson(e, RunResult.class);
                runs.add(r);
                listener.run(r);
            }
            default -> { }
        }
    }

    /**
     * After a crash: when the journal names a device whose scheduler is not the original, puts it
     * back through the helper. Returns what happened in words, or empty when nothing was pending.
     */
    public Optional<String> recoverInterruptedSweep(SchedulerService schedulers) {
        Optional<SweepJournal.Entry> pending = journal.pending();
        if (pending.isEmpty()) return Optional.empty();
        SweepJournal.Entry entry = pending.get();
        String message;
        try {
            BlockDevice now = scanner.find(entry.device()).orElse(null);
            if (now == null) {
                message = "A benchmark of " + entry.device() + " was interrupted; the device is gone, so nothing needed restoring.";
            } else if (entry.originalScheduler().equals(now.active())) {
                message = "A benchmark of " + entry.device() + " was interrupted; it is on its original scheduler, "
                        + entry.originalScheduler() + ".";
            } else {
                schedulers.switchScheduler(entry.device(), entry.originalScheduler());
                message = "A benchmark of " + entry.device() + " was interrupted; its original scheduler, "
                        + entry.originalScheduler() + ", has been put back.";
            }
        } catch (IOException | SwitchFailedException e) {
            return Optional.of("A benchmark of " + entry.device() + " was interrupted and " + entry.originalScheduler()
                    + " could not be put back: " + e.getMessage());
        }
        try {
            journal.end();
        } catch (IOException ignored) {
            // tried again next start
        }
        return Optional.of(message);
    }
}
