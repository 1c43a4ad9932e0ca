package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ReadPatternTest {
    private static final Path DEV = Path.of("/dev/loop9");

    @Test
    void acceptsAWellFormedPattern() {
        assertDoesNotThrow(() -> new ReadPattern(DEV, 4096, 32, true, 1L << 30, 512));
        assertDoesNotThrow(() -> new ReadPattern(DEV, 4096, 1, false, 4096, 4096));
    }

    @Test
    void rejectsBlockSizesThatAreNotMultiplesOfTheAlignment() {
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 1000, 1, true, 1 << 20, 512));
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 0, 1, true, 1 << 20, 512));
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, -4096, 1, true, 1 << 20, 512));
    }

    @Test
    void rejectsAlignmentsThatNoDeviceHas() {
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 4096, 1, true, 1 << 20, 0));
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 4096, 1, true, 1 << 20, 256));
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 3072, 1, true, 1 << 20, 1536));
    }

    @Test
    void rejectsQueueDepthBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 4096, 0, true, 1 << 20, 512));
    }

    @Test
    void rejectsASpanSmallerThanOneRequest() {
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(DEV, 8192, 1, true, 4096, 512));
    }

    @Test
    void rejectsAMissingDevicePath() {
        assertThrows(IllegalArgumentException.class, () -> new ReadPattern(null, 4096, 1, true, 1 << 20, 512));
    }
}
