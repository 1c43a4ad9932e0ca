package io.github.elevator.bench.engine;

/** Receives each completed request; called from the engine's thread(s), so implementations are thread-safe. */
@FunctionalInterface
public interface IoRecorder {
    void completed(int bytes, long latencyNanos);
}
