package io.github.elevator.protocol;

import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.device.SchedulerVariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HelperProtocolTest {

    @Test
    void everyCommandComesBackAsItWasSent() {
        for (HelperCommand c : List.of(new HelperCommand.Switch(SchedulerVariants.parse("bfq low_latency=0")),
                new HelperCommand.End())) {
            assertEquals(Optional.of(c), HelperProtocol.decodeCommand(EventLines.encode(c)), EventLines.encode(c));
        }
        assertEquals("switch bfq low_latency=0", EventLines.encode(new HelperCommand.Switch(SchedulerVariants.parse("bfq low_latency=0"))));
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
