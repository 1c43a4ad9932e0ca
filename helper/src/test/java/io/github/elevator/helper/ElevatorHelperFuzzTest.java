package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.elevator.protocol.SchedulerLine;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.TreeSnapshot;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes every verb's arguments, and a benchmark session's commands on its standard input,
 * against a fake root: whatever the input, nothing is written but the scheduler file of a listed
 * device (always naming a scheduler it offers) and the helper's own lock files under run/elevator;
 * a session always ends with every device on its original scheduler and no record left behind;
 * the rules verbs never reach past their own file. Runs for a bounded time in CI (JAZZER_FUZZ=1),
 * otherwise replays the seeds.
 */
class ElevatorHelperFuzzTest {
    private static final String[] VERBS = {"set-scheduler", "benchmark", "restore", "write-rules", "remove-rules", "",
            "set-scheduler\0", "sweep"};
    private static final String[] NAMES = {"loop0", "vda", "zram0", "../vda", "loop0/../vda", "/dev/loop0"};
    private static final String[] SCHEDULERS = {"none", "mq-deadline", "kyber", "bfq", "[bfq]", "cfq"};
    private static final String[] COMMANDS = {"switch kyber", "switch bfq", "switch ../../vda", "read rand-read 0.1",
            "read small-files 1", "read seq-read 99999", "end", "switch", "read", "switch [bfq]", "switch none",
            "switch bfq low_latency=0", "switch kyber read_lat_nsec=1000000", "switch bfq slice_idle=0 low_latency=1",
            "load rand-read", "load small-files", "measure 0.02", "measure 0.01", "load", "measure 61"};

    @FuzzTest(maxDuration = "30s")
    void onlyValidatedSchedulerFilesAreEverWritten(FuzzedDataProvider data) throws IOException {
        Path root = Files.createTempDirectory("elevator-fuzz");
        try {
            FakeSysfs sysfs = new FakeSysfs(root)
                    .device("loop0", "[none] mq-deadline kyber bfq")
                    .device("vda", "none [mq-deadline] kyber bfq")
                    .device("zram0", null);
            Files.writeString(root.resolve("sys/scheduler"), "bystander\n");
            Files.createDirectories(root.resolve("run/elevator"));
            Map<String, String> before = TreeSnapshot.of(root);

            String[] args = new String[data.consumeInt(0, 4)];
            for (int i = 0; i < args.length; i++) args[i] = pick(data, i);
            StringBuilder stdin = new StringBuilder();
            for (int i = data.consumeInt(0, 6); i > 0; i--) {
                stdin.append(data.consumeBoolean() ? data.pickValue(COMMANDS) : data.consumeString(40)).append('\n');
            }
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            HelperExit exit = HelperUnderTest.of(root, sysfs.kernel(),
                    new ByteArrayInputStream(stdin.toString().getBytes(StandardCharsets.UTF_8)), quiet, quiet).run(args);

            Map<String, String> after = TreeSnapshot.of(root);
            Map<String, String> changed = new TreeMap<>();
            for (var e : after.entrySet()) {
                if (e.getKey().startsWith("run/elevator/") && e.getKey().endsWith(".lock")) continue;
                if (!e.getValue().equals(before.get(e.getKey()))) changed.put(e.getKey(), e.getValue());
            }
            assertTrue(changed.keySet().stream().allMatch(k -> k.matches("sys/devices/virtual/block/(loop0|vda)/queue/scheduler")),
                    "wrote " + changed.keySet());
            assertTrue(after.keySet().stream().noneMatch(k -> k.startsWith("run/elevator/") && k.endsWith(".json")),
                    "a record was left behind");
            if (args.length > 0 && !args[0].equals("set-scheduler")) {
                // a session may switch and put back: the fake kernel then rewrites the line, the same scheduler active
                for (var e : changed.entrySet()) {
                    assertEquals(SchedulerLine.parse(before.get(e.getKey()).substring("file:".length())).active(),
                            SchedulerLine.parse(e.getValue().substring("file:".length())).active(),
                            args[0] + " left a scheduler changed: " + e);
                }
                return;
            }
            if (exit != HelperExit.OK) {
                assertEquals(Map.of(), changed, "a refused call changed " + changed);
                return;
            }
            assertEquals(3, args.length);
            assertTrue(changed.isEmpty() || changed.keySet().equals(Set.of("sys/devices/virtual/block/" + args[1] + "/queue/scheduler")),
                    "wrote " + changed.keySet());
            assertEquals(args[2], SchedulerLine.parse(sysfs.schedulerLine(args[1])).active());
        } finally {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Mostly plausible words, so the fuzzer reaches the write path, and arbitrary strings besides. */
    private static String pick(FuzzedDataProvider data, int position) {
        return switch (data.consumeInt(0, 2)) {
            case 0 -> data.pickValue(position == 0 ? VERBS : position == 1 ? NAMES : SCHEDULERS);
            case 1 -> data.pickValue(NAMES) + data.consumeString(8);
            default -> data.consumeString(64);
        };
    }
}
