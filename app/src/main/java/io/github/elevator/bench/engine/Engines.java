package io.github.elevator.bench.engine;

import io.github.elevator.text.Messages;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Picks the engine for a queue depth: psync at 1, io_uring above when the kernel allows it, threads otherwise. */
public final class Engines {
    private static final Path DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    private Engines() {
    }

    public static IoEngine forQueueDepth(int queueDepth) {
        if (queueDepth < 1) throw new IllegalArgumentException("queue depth must be at least 1"); // untranslated: a bug
        if (queueDepth == 1) return new PsyncEngine();
        return uringAvailable() ? new UringEngine() : new ThreadEngine();
    }

    /** Whether io_uring works here: a real ring was set up once, and the answer is kept. */
    public static boolean uringAvailable() {
        return Probe.REASON == null;
    }

    /** Why io_uring is not used, in words; empty when it is available. */
    public static Optional<String> uringUnavailableReason() {
        return Optional.ofNullable(Probe.REASON);
    }

    /** Runs once, on first use (class initialisation is the cache). */
    private static final class Probe {
        static final String REASON = probe();

        private static String probe() {
            try {
                if (Files.isReadable(DISABLED)) {
                    String value = Files.readString(DISABLED).strip();
                    if (!value.equals("0")) return Messages.text("bench.engine.uring-disabled", value);
                }
                try (Ring ignored = Ring.open(1)) {
                    return null;
                }
            } catch (IOException e) {
                return e.getMessage();
            } catch (LinkageError e) {
                return Messages.text("bench.engine.no-jna", e);
            }
        }
    }
}
