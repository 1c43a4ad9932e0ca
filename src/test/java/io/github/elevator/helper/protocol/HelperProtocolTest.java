package io.github.elevator.helper.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HelperProtocolTest {

    @Test
    void everyCommandComesBackAsItWasSent() {
        for (HelperCommand c : List.of(new HelperCommand.Read("rand-read", 0.5), new HelperCommand.Load("seq-read"),
                new HelperCommand.Measure(0.08), new HelperCommand.End())) {
            assertEquals(Optional.of(c), HelperProtocol.decodeCommand(HelperProtocol.encode(c)), HelperProtocol.encode(c));
        }
        assertEquals("measure 0.080", HelperProtocol.encode(new HelperCommand.Measure(0.08)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"load", "load a b", "load  seq-read", "measure", "measure 1e3", "measure -1", "measure 0.0801",
            "measure 0.1 0.1", "measure .5", "measure 12345", "Measure 0.1", "load seq-read "})
    void aMisshapenLoadOrMeasureIsNoCommand(String line) {
        assertEquals(Optional.empty(), HelperProtocol.decodeCommand(line));
    }

    @Test
    void theLoadedEventRoundTrips() {
        HelperEvent e = new HelperEvent.Loaded("rand-read-qd32");
        assertEquals(Optional.of(e), HelperProtocol.decodeEvent(HelperProtocol.encode(e)));
    }
}
