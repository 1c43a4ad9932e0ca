package io.github.elevator.app;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.Workload;
import io.github.elevator.privilege.SessionReads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A session's reads with figures the test chooses, for the service's logic without a device: each
 * result's IOPS comes from {@link Figures} by the scheduler of the moment and the count of results
 * so far; every load and slice is written to {@code calls} ("load rand-read", "measure on none"),
 * beside the switches the scripted helper writes there.
 */
final class ScriptedReads implements SessionReads {
    @FunctionalInterface
    interface Figures {
        long iops(String scheduler, int n);
    }

    private final Path calls;
    private final Figures figures;
    private String workload;
    private int n;

    ScriptedReads(Path calls, Figures figures) {
        this.calls = calls;
        this.figures = figures;
    }

    @Override
    public Map<String, String> engines() {
        return Map.of("rand-read", "psync");
    }

    @Override
    public RunResult read(String scheduler, Workload w, double seconds, Consumer<Sample> samples, BooleanSupplier stop) {
        workload = w.id();
        return result(scheduler, seconds);
    }

    @Override
    public void load(Workload w) {
        workload = w.id();
        call("load " + w.id());
    }

    @Override
    public RunResult measure(String scheduler, double seconds, BooleanSupplier stop) {
        call("measure on " + scheduler);
        return result(scheduler, seconds);
    }

    private RunResult result(String scheduler, double seconds) {
        n++;
        return new RunResult(scheduler, workload, 0, seconds, figures.iops(scheduler, n), 1, 10, 20, 5, 0, 4, "psync");
    }

    private void call(String line) {
        try {
            Files.writeString(calls, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stopLoad() {
        // nothing runs
    }

    @Override
    public void close() {
        // nothing is held
    }
}
