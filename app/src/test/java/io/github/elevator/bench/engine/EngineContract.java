package io.github.elevator.bench.engine;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * once told to, fail clearly, release what it opened, and never write.
 */
abstract class EngineContract {
    private static final String IO_URING = "anon_inode:[io_uring]";
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

    /**
     * Keeps going until {@code tally} has seen {@code reads} completions; a minute at most, so that
     * a broken engine still ends. Counting, not timing: a busy machine makes a run slower, never
     * shorter, so nothing here depends on how fast the machine is.
     */
    static BooleanSupplier untilCompleted(Tally tally, long reads) {
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        return () -> tally.completed() < reads && System.nanoTime() < end;
    }

    private Tally run(ReadPattern pattern, long reads) throws IOException {
        Tally tally = new Tally(pattern);
        engine(tally).run(pattern, tally, untilCompleted(tally, reads));
        return tally;
    }

    @Test
    void randomReadsReturnTheBytesStoredAtTheirOffsets() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        Tally tally = run(pattern, 300);
        assertNull(tally.firstProblem());
        assertTrue(tally.checked() >= 300, "only " + tally.checked() + " reads checked");
        assertEquals(tally.completed(), tally.checked());
    }

    @Test
    void sequentialReadsCoverTheSpanAndWrap() throws IOException {
        ReadPattern pattern = pattern(false, 64 * 1024, 1024 * 1024 + 4096);
        Tally tally = run(pattern, 40);
        assertNull(tally.firstProblem());
        assertTrue(tally.completed() >= 40, "did not wrap: " + tally.completed() + " reads");
        assertEquals(LongStream.range(0, 16).map(i -> i * 64 * 1024).boxed().collect(Collectors.toSet()),
                tally.offsets());
    }

    @Test
    void reportsEveryCompletedRequestWithASaneLatency() throws IOException {
        ReadPattern pattern = pattern(true, 8192, PatternedLoop.SIZE);
        Tally tally = new Tally(pattern);
        engine(null).run(pattern, tally, untilCompleted(tally, 300));
        assertTrue(tally.completed() >= 300, "only " + tally.completed() + " reads");
        assertEquals(tally.completed() * 8192, tally.bytes());
        assertTrue(tally.minLatency() > 0, "latency " + tally.minLatency() + " ns");
        assertTrue(tally.maxLatency() < TimeUnit.SECONDS.toNanos(10), "latency " + tally.maxLatency() + " ns");
    }

    @Test
    void stopsOnceKeepGoingTurnsFalseCompletingOnlyWhatWasInFlight() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        Tally tally = new Tally(pattern);
        long[] completedAtStop = {-1};
        BooleanSupplier going = untilCompleted(tally, 200);
        engine(null).run(pattern, tally, () -> {
            synchronized (completedAtStop) {
                if (completedAtStop[0] < 0 && !going.getAsBoolean()) completedAtStop[0] = tally.completed();
                return completedAtStop[0] < 0;
            }
        });
        assertTrue(completedAtStop[0] >= 200, "keepGoing was not asked until it turned false");
        long after = tally.completed() - completedAtStop[0];
        assertTrue(after <= queueDepth(), after + " reads completed after the stop, more than the " + queueDepth() + " in flight");
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
        IOException e = assertThrows(IOException.class, () -> engine(null).run(pattern, (n, l) -> { }, forMillis(5000)));
        assertTrue(e.getMessage().contains(pattern.device().toString()), e.getMessage());
        assertEquals(List.of(), descriptorsOfTheEngine(), "file descriptors left open");
    }

    @Test
    void closesWhatItOpened() throws IOException {
        ReadPattern pattern = pattern(true, 4096, PatternedLoop.SIZE);
        assertEquals(List.of(), descriptorsOfTheEngine(), "open before the run");
        engine(null).run(pattern, (n, l) -> { }, forMillis(50));
        assertEquals(List.of(), descriptorsOfTheEngine(), "file descriptors left open");
    }

    /**
     * This JVM's descriptors that an engine opens: the device under test and io_uring instances.
     * Not every descriptor: other threads of the JVM open and close files (jars, sockets) meanwhile.
     */
    static List<String> descriptorsOfTheEngine() throws IOException {
        Path device = loop().device().toRealPath();
        List<String> found = new ArrayList<>();
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException gone) {
                    continue; // closed meanwhile, e.g. the listing's own descriptor
                }
                if (target.equals(device.toString()) || target.equals(IO_URING)) found.add(fd.getFileName() + " -> " + target);
            }
        }
        return found;
    }
}
