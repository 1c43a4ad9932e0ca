package io.github.elevator.privilege;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;
import io.github.elevator.bench.TimedRun;
import io.github.elevator.bench.Workload;
import io.github.elevator.protocol.HelperEvent;

import java.io.IOException;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The raw reads of a benchmark session, run in this process once the helper holds the device
 * ({@link DeviceReads}: on the descriptor it handed over). {@link RootHeldDevice} checks the
 * requests and says when to stop; this runs them.
 */
public interface SessionReads extends AutoCloseable {

    /** Makes a session's reads once the helper said it is ready (and, for real, has handed the device over). */
    @FunctionalInterface
    interface Opener {
        SessionReads open(VerbInProgress helper, HelperEvent.Ready ready) throws IOException;
    }

    /** The engine of each raw read workload, named in every result. */
    Map<String, String> engines();

    /** A warm-up, then {@code seconds} measured on {@code scheduler}, live samples to {@code samples}. */
    RunResult read(String scheduler, Workload workload, double seconds, Consumer<Sample> samples, BooleanSupplier stop)
            throws IOException, TimedRun.CancelledException;

    /** Starts {@code workload}, which keeps reading until {@link #stopLoad()}. */
    void load(Workload workload) throws IOException, InterruptedException;

    /** A slice of the running load on {@code scheduler}; only called while one runs. */
    RunResult measure(String scheduler, double seconds, BooleanSupplier stop)
            throws IOException, InterruptedException, TimedRun.CancelledException;

    /** Stops the running load, if any. */
    void stopLoad();

    /** Stops everything and lets go of the device. */
    @Override
    void close();
}
