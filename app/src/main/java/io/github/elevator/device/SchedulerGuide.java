package io.github.elevator.device;

import io.github.elevator.text.Messages;
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
    public static final String SOURCE = Messages.text("ui.devices.guide.source");

    private static final Map<String, String> LINES = Map.of(
            "none", Messages.text("ui.devices.guide.none"),
            "mq-deadline", Messages.text("ui.devices.guide.mq-deadline"),
            "kyber", Messages.text("ui.devices.guide.kyber"),
            "bfq", Messages.text("ui.devices.guide.bfq"));

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
        for (String name : ORDER) s.append(Messages.text("ui.devices.guide.entry", name, LINES.get(name))).append('\n');
        return s.append('\n').append(SOURCE).toString();
    }
}
