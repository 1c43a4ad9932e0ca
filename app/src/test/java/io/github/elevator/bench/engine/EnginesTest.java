package io.github.elevator.bench.engine;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnginesTest {

    @Test
    void queueDepthOneIsPsync() {
        assertInstanceOf(PsyncEngine.class, Engines.forQueueDepth(1));
        assertEquals("psync", Engines.forQueueDepth(1).name());
    }

    @Test
    void deeperQueuesUseIoUringWhenAvailableAndSayWhyNot() {
        IoEngine engine = Engines.forQueueDepth(32);
        if (Engines.uringAvailable()) {
            assertEquals("io_uring", engine.name());
            assertTrue(Engines.uringUnavailableReason().isEmpty());
        } else {
            assertEquals("threads", engine.name());
            assertTrue(Engines.uringUnavailableReason().filter(r -> !r.isBlank()).isPresent());
        }
    }

    @Test
    void ioUringIsFoundWhereTheKernelAllowsIt() throws IOException {
        Path disabled = Path.of("/proc/sys/kernel/io_uring_disabled");
        boolean allowed = !Files.isReadable(disabled) || Files.readString(disabled).strip().equals("0");
        if (allowed && Native64.supported()) {
            assertTrue(Engines.uringAvailable(), Engines.uringUnavailableReason().orElse(""));
        }
    }

    @Test
    void aQueueDepthBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Engines.forQueueDepth(0));
    }
}
