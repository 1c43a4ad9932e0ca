package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The writer's pace: it holds back only a writer faster than itself, and makes up a stall by its burst alone. */
class WritePaceTest {
    private static final long CHUNK = StreamingWriter.CHUNK;

    @Test
    void aWriterSlowerThanThePaceNeverWaits() {
        AtomicLong clock = new AtomicLong(5_000_000_000L);
        WritePace pace = new WritePace(1L << 30, clock::get); // a chunk is due every ~1 ms
        // on a clock that only the test moves, a wait would never end: the timeout would fail the test
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (int i = 0; i < 1000; i++) {
                pace.before(CHUNK);
                clock.addAndGet(10_000_000L); // the device took 10 ms for the chunk
            }
        });
    }

    @Test
    void aWriterFasterThanThePaceIsHeldToIt() {
        long rate = 64L << 20;
        double seconds = secondsFor(WritePace.of(rate), 24);
        assertTrue(seconds >= least(24, rate), "24 MiB at 64 MiB/s in " + seconds + " s, at least " + least(24, rate));
    }

    @Test
    void aStallIsMadeUpByTheBurstAndNoMore() {
        long rate = 64L << 20;
        AtomicLong skipped = new AtomicLong();
        WritePace pace = new WritePace(rate, () -> System.nanoTime() + skipped.get());
        secondsFor(pace, 8);
        skipped.addAndGet(2_000_000_000L); // two seconds stalled: 128 MiB behind
        double seconds = secondsFor(pace, 12);
        assertTrue(seconds >= least(12, rate),
                "after a stall, 12 MiB took " + seconds + " s: only the burst goes at once, at least " + least(12, rate));
    }

    /** Real seconds the pace takes to let {@code chunks} chunks through. */
    private static double secondsFor(WritePace pace, int chunks) {
        long start = System.nanoTime();
        for (int i = 0; i < chunks; i++) pace.before(CHUNK);
        return (System.nanoTime() - start) / 1e9;
    }

    /** The least that many chunks take at {@code rate}: the first ones may go at once, as the burst (and the chunk it lets through). */
    private static double least(int chunks, long rate) {
        return (chunks * CHUNK - WritePace.BURST - CHUNK) / (double) rate;
    }

    @Test
    void noPaceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WritePace.of(0));
    }
}
