package io.github.elevator.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fixed amount of work timed from its start to its end: small-files' units, without root, in a temporary folder. */
class FixedWorkRunTest {
    @TempDir
    Path dir;

    private final TimedRun timed = new TimedRun("no-such-device", Path.of("/proc"));

    @Test
    void fixedWorkRunsToItsEndHoweverLongItTakesAndItsTimeIsTheMeasurement() throws Exception {
        List<Sample> samples = new ArrayList<>();
        TimedRun.Work threeSlowOps = (meter, cancelled) -> {
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                sleep(250);
                meter.completed(4096, System.nanoTime() - t0);
            }
        };
        RunResult r = timed.runFixed("none", Workload.SMALL_FILES, 2, "files", threeSlowOps, samples::add, () -> false);
        assertTrue(r.seconds() >= 0.75 && r.seconds() < 2, "all of the work, no more: " + r.seconds());
        assertEquals(3, r.iops() * r.seconds(), 1e-9, "every operation counted, none before the clock");
        assertEquals(3 / r.seconds(), r.iops(), 1e-9);
        assertTrue(r.latP50us() >= 250_000, "its operations' latencies: " + r);
        assertTrue(samples.size() >= 2, "sampled while it runs, for the live chart: " + samples.size());
        assertEquals("none", r.scheduler());
        assertEquals(2, r.repeat());
    }

    @Test
    void workThatFailsFailsTheRun() {
        TimedRun.Work failing = (meter, cancelled) -> {
            throw new java.io.IOException("No space left on device");
        };
        java.io.IOException e = assertThrows(java.io.IOException.class,
                () -> timed.runFixed("none", Workload.SMALL_FILES, 0, "files", failing, s -> { }, () -> false));
        assertEquals("No space left on device", e.getMessage());
    }

    @Test
    void aCancelStopsFixedWorkMidway() {
        long cancelAt = System.nanoTime() + 200_000_000L;
        TimedRun.Work endless = (meter, cancelled) -> {
            while (!cancelled.getAsBoolean()) sleep(10);
        };
        long t0 = System.nanoTime();
        assertThrows(TimedRun.CancelledException.class, () -> timed.runFixed("none", Workload.SMALL_FILES, 0, "files", endless,
                s -> { }, () -> System.nanoTime() > cancelAt));
        assertTrue((System.nanoTime() - t0) / 1e9 < 5, "stopped soon after the cancel");
    }

    @Test
    void smallFilesDoesExactlyItsTransactionsPerUnitAndLeavesNothing() throws Exception {
        RunResult r = timed.runFixed("none", Workload.SMALL_FILES, 0, "files", WriteLoads.smallFiles(dir, 2), s -> { }, () -> false);
        assertEquals(2 * SmallFiles.TRANSACTIONS, Math.round(r.iops() * r.seconds()), "two units of " + SmallFiles.TRANSACTIONS);
        assertTrue(r.iops() > 0 && r.mibps() > 0, r.toString());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "the pool and its folders are removed with the unit");
        }
        assertThrows(IllegalArgumentException.class, () -> WriteLoads.smallFiles(dir, 0));
    }

    @Test
    void aCancelledUnitStillRemovesItsFiles() {
        long cancelAt = System.nanoTime() + 30_000_000L;
        assertThrows(TimedRun.CancelledException.class, () -> timed.runFixed("none", Workload.SMALL_FILES, 0, "files",
                WriteLoads.smallFiles(dir, 1000), s -> { }, () -> System.nanoTime() > cancelAt));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aUnitsTallyIsTheSameEveryTimeAndBoundedByItsFiles() {
        SmallFiles.Tally a = SmallFiles.tally();
        SmallFiles.Tally b = SmallFiles.tally();
        assertEquals(a.written(), b.written());
        assertEquals(a.peak(), b.peak());
        assertTrue(a.peak() >= (long) SmallFiles.POOL * SmallFiles.MIN_SIZE, "at least the pool: " + a.peak());
        assertTrue(a.peak() <= (long) (SmallFiles.POOL + SmallFiles.TRANSACTIONS) * (SmallFiles.MAX_SIZE + SmallFiles.MAX_APPEND),
                "at most every file at its largest: " + a.peak());
        assertTrue(a.written() > a.peak(), "appends and deleted files write more than is ever held at once");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
