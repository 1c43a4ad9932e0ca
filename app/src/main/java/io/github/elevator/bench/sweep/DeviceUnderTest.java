package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Sample;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The device a benchmark measures, as the job loop sees it: held for the whole benchmark, switched
 * on request, read in timed runs or in slices of a load that keeps running through switches, checked
 * with fio, and finished once, which puts the original scheduler back. The privileged session is the
 * real one; tests use one in memory.
 */
public interface DeviceUnderTest {
    /** The device's kernel name, e.g. "sdb". */
    String name();

    /** The scheduler the device was on when it was taken, and is put back on at the end. */
    String originalScheduler();

    /** The schedulers the device offers, as its queue lists them. */
    List<String> schedulers();

    /**
     * The scheduler the kernel lists as active now, read without asking the helper; null where it
     * cannot be told. Another program may switch the device while it is held.
     */
    default String active() throws IOException {
        return null;
    }

    /** Puts the device on {@code variant}: a scheduler's name, or one with settings ("bfq low_latency=0"). */
    void switchTo(String variant) throws IOException, InterruptedException;

    /** One raw read run of {@code workload} on the current scheduler; live samples go to {@code samples} meanwhile. */
    RunResult read(String workload, double seconds, Consumer<Sample> samples) throws IOException, InterruptedException;

    /** Starts a raw read workload that keeps running through switches until the next load, read or the end. */
    void load(String workload) throws IOException, InterruptedException;

    /** One slice of the running load on the current scheduler. */
    RunResult measure(double seconds) throws IOException, InterruptedException;

    /** fio's run of a raw read workload on the current scheduler; refused (IOException) where fio cannot run. */
    FioRun fio(String workload, int seconds) throws IOException, InterruptedException;

    /**
     * Ends the benchmark: nothing reads the device any more, and the original scheduler is put back.
     * Returns the scheduler the device is on now, or null when that is not known.
     */
    String finish() throws InterruptedException;
}
