package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
