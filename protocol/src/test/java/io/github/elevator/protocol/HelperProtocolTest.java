package io.github.elevator.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HelperProtocolTest {

    /** A command as the app encodes it is the same command when root decodes it (the app's reading of a variant: SchedulerVariantsTest). */
    @Test
    void everyCommandComesBackAsItWasSent() {
        SchedulerVariant bfq = new SchedulerVariant("bfq", Map.of("low_latency", 0L));
        for (HelperCommand c : List.of(new HelperCommand.Switch(bfq), new HelperCommand.End())) {
            assertEquals(Optional.of(c), HelperProtocol.decodeCommand(EventLines.encode(c)), EventLines.encode(c));
        }
        assertEquals("switch bfq low_latency=0", EventLines.encode(new HelperCommand.Switch(bfq)));
    }

    /** The helper runs no reads and no fio: the commands that once asked it to are no commands at all. */
    @ParameterizedTest
    @ValueSource(strings = {"read rand-read 0.5", "load seq-read", "measure 0.080", "switch", "switch  bfq", "end now", "End",
            "fio rand-read 5", "fio seq-read 10"})
    void readsAndMisshapenLinesAreNoCommand(String line) {
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand(line));
    }

    /** An event's tag is its record's name in lower case; the app knows every one. */
    @Test
    void everyEventTypeIsOneTheAppReads() {
        for (Class<?> type : HelperEvent.class.getPermittedSubclasses()) {
            assertEquals(type, EventLines.TYPES.get(type.getSimpleName().toLowerCase(java.util.Locale.ROOT)), type.getName());
        }
    }

    @Test
    void theReadyEventRoundTrips() {
        HelperEvent e = new HelperEvent.Ready("loop3", "none", List.of("none", "mq-deadline"), Map.of());
        assertEquals(Optional.of(e), EventLines.decode(HelperProtocol.encode(e)));
    }
}
