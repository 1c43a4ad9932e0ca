package io.github.elevator.bench.engine;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineBenchmarkTest {

    @Test
    void blockSizesTakeBinarySuffixes() {
        assertEquals(4096, EngineBenchmark.parseSize("4k"));
        assertEquals(1 << 20, EngineBenchmark.parseSize("1M"));
        assertEquals(512, EngineBenchmark.parseSize("512"));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.parseSize("0"));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.parseSize("4g"));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.parseSize("4096m"));
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsOpened() {
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "4k", "1", "rand"}));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "4k", "1", "zigzag", "1"}));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "4k", "1", "rand", "0"}));
    }

    @Test
    void aMissingDeviceIsNamedInTheError() {
        IOException e = assertThrows(IOException.class,
                () -> EngineBenchmark.run(new String[] {"/dev/elevator-no-such-device", "4k", "1", "rand", "1"}));
        assertTrue(e.getMessage().contains("/dev/elevator-no-such-device: No such file or directory"), e.getMessage());
    }

    @Test
    void printsOneJsonLineWithTheEngineAndItsFigures() throws IOException {
        try (PatternedLoop loop = PatternedLoop.attach()) {
            String line = EngineBenchmark.run(new String[] {loop.device().toString(), "4k", "4", "rand", "0.3"});
            assertTrue(!line.contains("\n"), line);
            JsonObject json = JsonParser.parseString(line).getAsJsonObject();
            assertEquals(Engines.forQueueDepth(4).name(), json.get("engine").getAsString());
            assertTrue(json.get("iops").getAsDouble() > 0, line);
            assertTrue(json.get("mibps").getAsDouble() > 0, line);
            assertTrue(json.get("lat_p50_us").getAsDouble() > 0, line);
            assertTrue(json.get("lat_p99_us").getAsDouble() >= json.get("lat_p50_us").getAsDouble(), line);
            assertEquals(loop.checksumAtStart(), loop.checksumNow());
        }
    }
}
