package io.github.elevator.device;

import io.github.elevator.protocol.EventLines;
import io.github.elevator.protocol.HelperCommand;
import io.github.elevator.protocol.HelperProtocol;
import io.github.elevator.protocol.SchedulerVariant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The app's reading of a scheduler variant ({@link SchedulerVariants}), and that what it reads goes to root in the
 * one spelling root's own decoder takes: an app test, since both sides must agree.
 */
class SchedulerVariantsTest {

    @Test
    void readsAVariantAndWritesItBackTheSameWay() {
        SchedulerVariant v = SchedulerVariants.parse("bfq low_latency=0 slice_idle=4");
        assertEquals("bfq", v.scheduler());
        assertEquals(Map.of("low_latency", 0L, "slice_idle", 4L), v.settings());
        assertEquals("bfq low_latency=0 slice_idle=4", v.text());
        assertEquals("kyber read_lat_nsec=1000000", SchedulerVariants.parse("kyber iosched/read_lat_nsec=1000000").text());
        assertTrue(SchedulerVariants.parse("none").isPlain());
    }

    @Test
    void saysInWordsWhatIsWrong() {
        assertEquals("low_latency takes a whole number from 0 to 1, not '2'",
                assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse("bfq low_latency=2")).getMessage());
        assertEquals("low_latency is a setting of bfq, not of 'kyber'",
                assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse("kyber low_latency=0")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse("bfq read_ahead_kb=128")).getMessage()
                .startsWith("'read_ahead_kb' is not a scheduler setting Elevator can change"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse("bfq low_latency=0 low_latency=1"))
                .getMessage().contains("sets low_latency twice"));
        assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse("bfq a=1 b=2 c=3 d=4"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[bfq]", "bfq low_latency", "bfq low_latency=", "bfq low_latency=-1", "bfq low_latency=0x1",
            "bfq ../scheduler=1", "bfq iosched/../../scheduler=1", "bfq low_latency=1\nscheduler=x", "bfq\tlow_latency=1", "bfq slice_idle=99999999999",
            "bfq low_latency=१"})
    void refusesAnythingElse(String text) {
        assertThrows(IllegalArgumentException.class, () -> SchedulerVariants.parse(text));
    }

    @Test
    void theSessionProtocolTakesOnlyTheOneSpellingOfAVariant() {
        SchedulerVariant v = SchedulerVariants.parse("bfq low_latency=0");
        String line = EventLines.encode(new HelperCommand.Switch(v));
        assertEquals("switch bfq low_latency=0", line);
        assertEquals(Optional.of(new HelperCommand.Switch(v)), HelperProtocol.decodeCommand(line));
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand("switch bfq  low_latency=0"));
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand("switch bfq iosched/low_latency=0"));
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand("switch bfq low_latency=0 "));
    }
}
