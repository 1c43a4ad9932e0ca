package io.github.elevator.cli;

import io.github.elevator.device.BlockDevice;

import java.util.stream.Collectors;

final class Formats {
    private Formats() {
    }

    /** "none [mq-deadline] kyber bfq", as the kernel prints it, or "no scheduler". */
    static String schedulers(BlockDevice d) {
        if (!d.hasScheduler()) return "no scheduler";
        return d.schedulers().stream()
                .map(s -> s.equals(d.active()) ? "[" + s + "]" : s)
                .collect(Collectors.joining(" "));
    }
}
