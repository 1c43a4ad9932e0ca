package io.github.elevator.ui.devices;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each of the kernel's schedulers is good for, one line each, in the words of the kernel's
 * own documentation (Documentation/block/ in the Linux source: deadline-iosched.rst,
 * kyber-iosched.rst, bfq-iosched.rst, and blk-mq.rst for none).
 */
public final class SchedulerGuide {
    /** Where the lines come from, said beside them. */
    public static final String SOURCE = "From the Linux kernel's documentation, Documentation/block/ (blk-mq, deadline-iosched,"
            + " kyber-iosched, bfq-iosched). A benchmark tells what suits your disk.";

    private static final Map<String, String> LINES = Map.of(
            "none", "passes requests on in order, for the least CPU: fast NVMe drives and RAM-backed disks",
            "mq-deadline", "gives every request a deadline and serves reads first: SATA SSDs and hard disks",
            "kyber", "throttles to meet read and synchronous-write latency targets: fast multi-queue SSDs",
            "bfq", "shares the disk fairly between programs, so the desktop stays responsive:"
                    + " slow disks and USB sticks; costs the most CPU");

    /** The order the guide lists them in. */
    public static final List<String> ORDER = List.of("none", "mq-deadline", "kyber", "bfq");

    private SchedulerGuide() {
    }

    /** One line for a scheduler the kernel ships; empty for others. */
    public static Optional<String> line(String scheduler) {
        return Optional.ofNullable(scheduler == null ? null : LINES.get(scheduler));
    }

    /** The whole guide: one line each, then where it came from. */
    public static String text() {
        StringBuilder s = new StringBuilder();
        for (String name : ORDER) s.append(name).append(": ").append(LINES.get(name)).append('\n');
        return s.append('\n').append(SOURCE).toString();
    }
}
