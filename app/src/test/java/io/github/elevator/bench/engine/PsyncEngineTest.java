package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;

class PsyncEngineTest extends EngineContract {

    @Override
    IoEngine engine(ReadObserver observer) {
        return new PsyncEngine(observer);
    }

    @Override
    int queueDepth() {
        return 1;
    }

    @Test
    void refusesToPretendToKeepMoreThanOneRequestInFlight() {
        ReadPattern deeper = new ReadPattern(Path.of("/dev/null"), 4096, 4, true, 1 << 20, 512);
        assertThrows(IllegalArgumentException.class, () -> new PsyncEngine().run(-1, deeper, (n, l) -> { }, () -> true));
    }
}
