package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class UringEngineTest extends EngineContract {

    @Override
    IoEngine engine(ReadObserver observer) {
        return new UringEngine(observer);
    }

    @Override
    int queueDepth() {
        return 16;
    }

    @Test
    void unmapsItsRingsAndBuffers() throws IOException {
        ReadPattern pattern = new ReadPattern(loop().device(), 4096, 16, true, PatternedLoop.SIZE, 4096);
        new UringEngine().run(pattern, (n, l) -> { }, () -> false);
        new UringEngine().run(pattern, (n, l) -> { }, forMillis(50));
        assertFalse(Files.readString(Path.of("/proc/self/maps")).contains("io_uring"), "an io_uring mapping is left");
    }

    @Test
    void aQueueDepthThatIsNotAPowerOfTwoWorks() throws IOException {
        ReadPattern pattern = new ReadPattern(loop().device(), 4096, 5, true, PatternedLoop.SIZE, 4096);
        Tally tally = new Tally(pattern);
        new UringEngine(tally).run(pattern, tally, untilCompleted(tally, 50));
        assertNull(tally.firstProblem());
        assertTrue(tally.completed() >= 50, tally.completed() + " reads");
    }

    @Test
    void everyReadIsSubmittedOnItsOwnAsFioDoes() throws IOException {
        ReadPattern pattern = new ReadPattern(loop().device(), 4096, 16, true, PatternedLoop.SIZE, 4096);
        Tally tally = new Tally(pattern);
        UringEngine engine = new UringEngine(tally);
        engine.run(pattern, tally, untilCompleted(tally, 2000));
        assertNull(tally.firstProblem());
        // a batch in one call is plugged and handed to the scheduler at once: not how fio reads
        assertTrue(engine.enters() >= tally.completed(), engine.enters() + " io_uring_enter for " + tally.completed() + " reads");
        // and at most one more call per read, the sleep of a turn that found nothing waiting
        assertTrue(engine.enters() <= 2L * tally.completed() + 1, engine.enters() + " io_uring_enter for " + tally.completed() + " reads");
    }

    @Test
    void atQueueDepthOneEachReadTakesOneEnter() throws IOException {
        try (Ring ring = Ring.open(1)) {
            assumeTrue((ring.setupFlags() & Ring.SETUP_TASKRUN_FLAG) != 0, "this kernel does not flag held-back completions");
        }
        ReadPattern pattern = new ReadPattern(loop().device(), 4096, 1, true, PatternedLoop.SIZE, 4096);
        Tally tally = new Tally(pattern);
        UringEngine engine = new UringEngine(tally);
        engine.run(pattern, tally, untilCompleted(tally, 300));
        assertNull(tally.firstProblem());
        // the read submitted with the wait for it, not a turn that cannot find it done before that
        assertTrue(engine.enters() <= tally.completed() + 1, engine.enters() + " io_uring_enter for " + tally.completed() + " reads");
    }
}
