package io.github.elevator.helper;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.elevator.device.SchedulerLine;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.TreeSnapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes the helper's arguments against a fake sysfs root: whatever the input, nothing is
 * written but the one scheduler file of a listed device, and that file always ends up naming
 * one of the schedulers it offered. Runs for a bounded time in CI (JAZZER_FUZZ=1), otherwise
 * replays the seeds.
 */
class ElevatorHelperFuzzTest {
    private static final String[] VERBS = {"set-scheduler", "sweep", "write-rules", "", "set-scheduler\0"};
    private static final String[] NAMES = {"loop0", "vda", "zram0", "../vda", "loop0/../vda", "/dev/loop0"};
    private static final String[] SCHEDULERS = {"none", "mq-deadline", "kyber", "bfq", "[bfq]", "cfq"};

    @FuzzTest(maxDuration = "25s")
    void onlyTheValidatedSchedulerFileIsEverWritten(FuzzedDataProvider data) throws IOException {
        Path root = Files.createTempDirectory("elevator-fuzz");
        try {
            FakeSysfs sysfs = new FakeSysfs(root)
                    .device("loop0", "[none] mq-deadline kyber bfq")
                    .device("vda", "none [mq-deadline] kyber bfq")
                    .device("zram0", null);
            Files.writeString(root.resolve("sys/scheduler"), "bystander\n");
            Map<String, String> before = TreeSnapshot.of(root);

            String[] args = new String[data.consumeInt(0, 4)];
            for (int i = 0; i < args.length; i++) args[i] = pick(data, i);
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            HelperExit exit = new ElevatorHelper(sysfs.kernel(), quiet, quiet).run(args);

            Map<String, String> after = TreeSnapshot.of(root);
            Map<String, String> changed = new TreeMap<>();
            for (var e : after.entrySet()) {
                if (!e.getValue().equals(before.get(e.getKey()))) changed.put(e.getKey(), e.getValue());
            }
            assertEquals(before.keySet(), after.keySet(), "no file created or removed");
            if (exit != HelperExit.OK) {
                assertEquals(Map.of(), changed, "a refused call changed " + changed);
                return;
            }
            assertEquals(3, args.length);
            String file = "sys/devices/virtual/block/" + args[1] + "/queue/scheduler";
            assertTrue(changed.isEmpty() || changed.keySet().equals(java.util.Set.of(file)), "wrote " + changed.keySet());
            SchedulerLine line = SchedulerLine.parse(sysfs.schedulerLine(args[1]));
            assertEquals(args[2], line.active());
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
