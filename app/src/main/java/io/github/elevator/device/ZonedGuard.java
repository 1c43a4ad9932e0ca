package io.github.elevator.device;

import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.text.Messages;

import java.util.List;

/**
 * Which of the schedulers the kernel lists for a zoned disk really work. A host-managed zoned
 * disk (SMR hard disks, ZNS namespaces) refuses writes that are not in zone order. Before Linux
 * 6.10 only mq-deadline kept them in order (zone write locking) and the kernel hid the others,
 * but it still listed {@code none}, with which writes can arrive out of order and fail with I/O
 * errors. From 6.10 the block layer orders zone writes itself (zone write plugging) and every
 * scheduler it lists works. Host-aware disks accept writes in any order.
 */
public final class ZonedGuard {
    public static final String HOST_MANAGED = "host-managed";
    static final String SAFE = "mq-deadline";

    /** The schedulers a person is offered, and why others were withheld (null when none were). */
    public record Offer(List<String> schedulers, String note) {
    }

    private ZonedGuard() {
    }

    public static Offer offer(SchedulerLine line, String zoned, KernelRelease kernel) {
        if (!HOST_MANAGED.equals(zoned) || !line.hasScheduler()) return new Offer(line.offered(), null);
        if (kernel != null && kernel.atLeast(6, 10)) {
            return new Offer(line.offered(), Messages.text("device.zoned.ordered", kernel.text()));
        }
        if (!line.offers(SAFE)) {
            return new Offer(line.offered(), Messages.text("device.zoned.unsafe"));
        }
        List<String> withheld = line.offered().stream().filter(s -> !s.equals(SAFE)).toList();
        return new Offer(List.of(SAFE), Messages.count("device.zoned.withheld", withheld.size(), String.join(", ", withheld)));
    }
}
