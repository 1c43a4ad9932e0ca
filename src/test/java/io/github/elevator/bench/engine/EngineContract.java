package io.github.elevator.bench.engine;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every engine must do, on a 64 MiB loop device of our own filled with a known pattern:
 * read exactly the bytes at the offsets it reports, complete requests with sane latencies, stop
 * promptly, fail clearly, release what it opened, and never write.
 */
abstract class EngineContract {
    private static PatternedLoop loop;

    /** The engine under test; {@code observer} sees every read's data. */
    abstract IoEngine engine(ReadObserver observer);

    abstract int queueDepth();

    static PatternedLoop loop() throws IOException {
        if (loop == null) loop = PatternedLoop.attach();
        return loop;
    }

    @AfterAll
    static void deviceIsUnchangedAndReleased() throws IOException {
        if (loop == null) return;
        try {
            assertEquals(loop.checksumAtStart(), loop.checksumNow(), "the backing file changed: an engine wrote to the device");
        } finally {
            loop.close();
            loop = null;
        }
    }

    private ReadPattern pattern(boolean random, int blockSize, long span) throws IOException {
        return new ReadPattern(loop().device(), blockSize, queueDepth(), random, span, 512);
    }

    static BooleanSupplier forMillis(long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        return () -> System.nanoTime() < end;
    }

    private Tally run(ReadPattern pattern, long millis) throws IOException {
        Tally tally = new Tally(pattern);
        engine(tally).run(pattern, tally, forMillis(millis));
        return tally;
    }

    @Test
    void randomReadsReturnTheBytesStoredAtTheirOffsets() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        Tally tally = run(pattern, 300);
        assertNull(tally.firstProblem());
        assertTrue(tally.checked() > 100, "only " + tally.checked() + " reads in 300 ms");
        assertEquals(tally.completed(), tally.checked());
    }

    @Test
    void sequentialReadsCoverTheSpanAndWrap() throws IOException {
        ReadPattern pattern = pattern(false, 64 * 1024, 1024 * 1024 + 4096);
        Tally tally = run(pattern, 200);
        assertNull(tally.firstProblem());
        assertTrue(tally.completed() > 16, "did not wrap: " + tally.completed() + " reads");
        assertEquals(LongStream.range(0, 16).map(i -> i * 64 * 1024).boxed().collect(Collectors.toSet()),
                tally.offsets());
    }

    @Test
    void reportsEveryCompletedRequestWithASaneLatency() throws IOException {
        ReadPattern pattern = pattern(true, 8192, PatternedLoop.SIZE);
        Tally tally = new Tally(pattern);
        engine(null).run(pattern, tally, forMillis(300));
        assertTrue(tally.completed() > 100, "only " + tally.completed() + " reads in 300 ms");
        assertEquals(tally.completed() * 8192, tally.bytes());
        assertTrue(tally.minLatency() > 0, "latency " + tally.minLatency() + " ns");
        assertTrue(tally.maxLatency() < TimeUnit.SECONDS.toNanos(1), "latency " + tally.maxLatency() + " ns");
    }

    @Test
    void stopsPromptlyWhenKeepGoingTurnsFalse() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        long[] stoppedAt = {0};
        long start = System.nanoTime();
        engine(null).run(pattern, (n, latency) -> { }, () -> {
            if (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(150)) return true;
            if (stoppedAt[0] == 0) stoppedAt[0] = System.nanoTime();
            return false;
        });
        long afterStop = System.nanoTime() - stoppedAt[0];
        assertTrue(stoppedAt[0] != 0, "keepGoing was never asked after it turned false");
        assertTrue(afterStop < TimeUnit.MILLISECONDS.toNanos(200), "took " + afterStop / 1_000_000 + " ms to stop");
    }

    @Test
    void issuesNothingWhenToldToStopAtOnce() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        Tally tally = new Tally(pattern);
        engine(tally).run(pattern, tally, () -> false);
        assertEquals(0, tally.completed());
    }

    @Test
    void aMissingDeviceIsAClearIOException() {
        Path missing = Path.of("/dev/elevator-no-such-device");
        ReadPattern pattern = new ReadPattern(missing, 4096, queueDepth(), true, 1 << 20, 512);
        IOException e = assertThrows(IOException.class, () -> engine(null).run(pattern, (n, l) -> { }, () -> true));
        assertTrue(e.getMessage().contains(missing.toString()) && e.getMessage().contains("No such file or directory"), e.getMessage());
    }

    @Test
    void aReadPastTheEndIsAnIOExceptionAndNothingStaysOpen() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE * 4);
        long fdsBefore = openFiles();
        IOException e = assertThrows(IOException.class, () -> engine(null).run(pattern, (n, l) -> { }, forMillis(5000)));
        assertTrue(e.getMessage().contains(pattern.device().toString()), e.getMessage());
        assertEquals(fdsBefore, openFiles(), "file descriptors left open");
    }

    @Test
    void closesWhatItOpened() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        long fdsBefore = openFiles();
        engine(null).run(pattern, (n, l) -> { }, forMillis(50));
        assertEquals(fdsBefore, openFiles(), "file descriptors left open");
    }

    static long openFiles() throws IOException {
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
