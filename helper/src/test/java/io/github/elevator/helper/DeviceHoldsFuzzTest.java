package io.github.elevator.helper;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes the one file root reads back and acts on, the record of a session that died: whatever a
 * root-owned record under run/elevator holds, {@code restore} writes only a scheduler the device
 * lists and only settings within Elevator's ranges, and never reaches a file outside the device.
 */
class DeviceHoldsFuzzTest {
    private static final String DEAD = "\"holderPid\":2147483000,\"holderStart\":1";
    private static final String[] SEEDS = {
            "{\"device\":\"loop0\",\"originalScheduler\":\"bfq\",\"previousScheduler\":\"bfq\",\"currentScheduler\":\"kyber\"," + DEAD + ",\"originalSettings\":{\"low_latency\":\"0\"}}",
            "{\"device\":\"loop0\",\"originalScheduler\":\"bfq\",\"previousScheduler\":\"bfq\",\"currentScheduler\":\"kyber\"," + DEAD + ",\"originalSettings\":{\"timeout_sync\":\"2147483648\"}}",
            "{\"device\":\"loop0\",\"originalScheduler\":\"../../x\",\"previousScheduler\":\"../../x\",\"currentScheduler\":\"kyber\"," + DEAD + ",\"originalSettings\":{}}",
            "{\"device\":\"loop0\",\"originalScheduler\":\"bfq\",\"previousScheduler\":\"bfq\",\"currentScheduler\":\"kyber\"," + DEAD + ",\"originalSettings\":{\"../../x\":\"1\"}}"};

    @FuzzTest(maxDuration = "20s")
    void whateverTheRecordSaysOnlyListedSchedulersAndInRangeSettingsAreWritten(FuzzedDataProvider data) throws IOException {
        Path root = Files.createTempDirectory("elevator-holds-fuzz");
        try {
            FakeSysfs sysfs = new FakeSysfs(root).device("loop0", "none mq-deadline [kyber] bfq");
            Path iosched = root.resolve("sys/block/loop0/queue/iosched");
            Files.createDirectories(iosched);
            for (String name : Set.of("low_latency", "timeout_sync", "back_seek_penalty")) Files.writeString(iosched.resolve(name), "7\n");
            Files.writeString(root.resolve("x"), "untouched\n");
            Path record = Files.createDirectories(root.resolve("run/elevator")).resolve("loop0.json");
            String seed = SEEDS[data.consumeInt(0, SEEDS.length - 1)];
            byte[] text = data.consumeBoolean() ? seed.getBytes(StandardCharsets.UTF_8) : data.consumeBoolean()
                    ? seed.replace("bfq", data.consumeString(12)).getBytes(StandardCharsets.UTF_8) : data.consumeRemainingAsBytes();
            Files.write(record, text);
            Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-r--r--"));

            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            HelperUnderTest.of(root, sysfs.kernel(), quiet, quiet).run(new String[] {"restore"});

            // a record may name any scheduler the device lists ("none" too): one of them is active, the list unchanged
            String line = sysfs.schedulerLine("loop0");
            assertTrue(line.replaceAll("[\\[\\]]", "").strip().equals("none mq-deadline kyber bfq") && line.chars().filter(c -> c == '[').count() == 1, line);
            assertTrue(Files.readString(root.resolve("x")).equals("untouched\n"));
            for (String name : Set.of("low_latency", "timeout_sync", "back_seek_penalty")) {
                String value = Files.readString(iosched.resolve(name)).strip();
                assertTrue(value.equals("7") || TunableLimits.IOSCHED.get(name).allows(Long.parseLong(value)), name + "=" + value);
            }
        } finally {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
