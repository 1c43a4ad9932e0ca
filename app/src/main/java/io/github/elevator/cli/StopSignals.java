package io.github.elevator.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl+C (SIGINT) and SIGTERM during a benchmark: the first asks it to stop, so it ends as any
 * cancelled benchmark does (the device back on its scheduler, exit code 1) instead of the JVM
 * exiting with 130 or 143 from within a shutdown hook; a second one ends the process at once
 * (the helper still puts the device back when its input closes).
 */
final class StopSignals implements AutoCloseable {
    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> before = new ArrayList<>();

    StopSignals(Runnable onFirst) {
        AtomicBoolean asked = new AtomicBoolean();
        for (String name : List.of("INT", "TERM")) {
            Signal signal = new Signal(name);
            try {
                before.add(Signal.handle(signal, s -> {
                    if (asked.getAndSet(true)) Runtime.getRuntime().halt(128 + s.getNumber());
                    else onFirst.run();
                }));
                signals.add(signal);
            } catch (IllegalArgumentException notHere) {
                // the signal is ignored by whoever started us, or the JVM keeps it: the shutdown hook still cancels
            }
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) Signal.handle(signals.get(i), before.get(i));
    }
}
