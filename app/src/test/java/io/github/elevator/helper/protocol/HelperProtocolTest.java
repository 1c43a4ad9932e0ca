package io.github.elevator.helper.protocol;

import io.github.elevator.device.SchedulerVariant;
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
                new HelperCommand.Fio("rand-read-qd32", 10), new HelperCommand.End())) {
            assertEquals(Optional.of(c), HelperProtocol.decodeCommand(EventLines.encode(c)), EventLines.encode(c));
        }
        assertEquals("switch bfq low_latency=0", EventLines.encode(new HelperCommand.Switch(SchedulerVariants.parse("bfq low_latency=0"))));
    }

    /** The helper runs no reads: the commands that once asked it to are no commands at all. */
    @ParameterizedTest
    @ValueSource(strings = {"read rand-read 0.5", "load seq-read", "measure 0.080", "switch", "switch  bfq", "end now", "End"})
    void readsAndMisshapenLinesAreNoCommand(String line) {
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand(line));
    }

    /** fio takes a raw read workload's closed name and whole seconds from 1 to 10, nothing else of the caller's. */
    @ParameterizedTest
    @ValueSource(strings = {"fio small-files 5", "fio read-under-write 5", "fio rand-read", "fio rand-read 0", "fio rand-read 11",
            "fio rand-read 05", "fio rand-read 2.5", "fio rand-read 5 --filename=/etc/shadow", "fio /dev/sda 5", "fio  rand-read 5",
            "fio rand-read -1", "fio --rw=write 5"})
    void fioTakesOnlyAWorkloadItCoversAndItsSeconds(String line) {
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand(line));
    }

    @Test
    void theFioEventRoundTrips() {
        HelperEvent e = new HelperEvent.Fio("seq-read", List.of(FioCommand.FIO, "--name=seq-read"), "{\n  \"jobs\" : [ \"µ\\\" ]\n}\n");
        assertEquals(Optional.of(e), EventLines.decode(HelperProtocol.encode(e)));
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
