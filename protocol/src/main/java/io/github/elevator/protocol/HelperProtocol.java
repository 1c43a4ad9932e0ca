package io.github.elevator.protocol;

import io.github.elevator.protocol.SchedulerVariant;

import java.util.*;

/**
 * The app-helper protocol: commands are text lines in one spelling ({@code switch bfq low_latency=0},
 * {@code end}); each answer is one JSON object per line ({@link JsonText}),
 * its tag (the record's name in lower case) last as {@code "type"}. The app's side is {@link EventLines}.
 */
public final class HelperProtocol {
    /** Longer command lines are refused unread. */
    public static final int MAX_COMMAND_LINE = 128;
    /** As long as a session may wait for its next command: a holder whose lock is not refreshed for longer serves no one. */
    public static final long STALE_SECONDS = 120;

    private HelperProtocol() {
    }

    /** A command line as the helper reads it; empty when it is not one, in its one spelling. */
    public static Optional<HelperCommand> decodeCommand(String line) {
        if (line.equals("end")) return Optional.of(new HelperCommand.End());
        if (line.length() > MAX_COMMAND_LINE || !line.startsWith("switch ")) return Optional.empty();
        return SchedulerVariant.canonical(line.substring(7)).map(HelperCommand.Switch::new);
    }

    public static String encode(HelperEvent event) {
        String tag = event.getClass().getSimpleName().toLowerCase(Locale.ROOT);
        String fields = JsonText.of(event);
        return fields.substring(0, fields.length() - 1) + ",\"type\":\"" + tag + "\"}";
    }
}
