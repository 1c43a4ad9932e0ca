package io.github.elevator.bench.engine;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.TimedRun;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineBenchmarkTest {
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsOpened() {
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "rand-read"}, out));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "zigzag", "1"}, out));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "small-files", "1"}, out));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "rand-read", "0"}, out));
        assertThrows(IllegalArgumentException.class, () -> EngineBenchmark.run(new String[] {"/dev/loop9", "rand-read", "1", "0"}, out));
        assertEquals(0, printed.size());
    }

    @Test
    void aMissingDeviceIsNamedInTheError() {
        IOException e = assertThrows(IOException.class,
                () -> EngineBenchmark.run(new String[] {"/dev/elevator-no-such-device", "rand-read", "1"}, out));
        assertTrue(e.getMessage().contains("/dev/elevator-no-such-device: No such file or directory"), e.getMessage());
    }

    @Test
    void printsTheHelpersSampleAndRunLinesForOneTimedRun() throws IOException, TimedRun.CancelledException {
        try (PatternedLoop loop = PatternedLoop.attach()) {
            RunResult result = EngineBenchmark.run(new String[] {loop.device().toString(), "rand-read-qd32", "0.6", "1"}, out);
            List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
            assertTrue(lines.size() >= 2, "expected samples and a run line: " + lines);
            for (String line : lines.subList(0, lines.size() - 1)) {
                assertEquals("sample", JsonParser.parseString(line).getAsJsonObject().get("type").getAsString(), line);
            }
            JsonObject run = JsonParser.parseString(lines.get(lines.size() - 1)).getAsJsonObject();
            assertEquals("run", run.get("type").getAsString());
            assertEquals("rand-read-qd32", run.get("workload").getAsString());
            assertEquals(Engines.forQueueDepth(32).name(), run.get("engine").getAsString());
            assertEquals(result.iops(), run.get("iops").getAsDouble());
            assertTrue(result.iops() > 0 && result.mibps() > 0, lines.get(lines.size() - 1));
            assertTrue(result.latP99us() >= result.latP50us() && result.latP50us() > 0, lines.get(lines.size() - 1));
            assertEquals(loop.checksumAtStart(), loop.checksumNow());
        }
    }
}
