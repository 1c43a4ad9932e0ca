package io.github.elevator.it;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.Ext4Mount;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * small-files through {@code elevator bench} and the real helper, as root, on an ext4 filesystem of
 * a loop device this test attaches and mounts in a private folder: every scheduler does its fixed
 * work in every slot and has a result above zero, and the device ends restored, unmounted and
 * detached with nothing left on it.
 */
class SmallFilesSweepIT extends OnAMountedLoopDevice {
    @Test
    void everySchedulerDoesItsFixedWorkInEverySlotAndTheDeviceEndsAsItWas() throws Exception {
        Set<String> offered = Set.of(Files.readString(loop.sysfsScheduler()).replaceAll("[\\[\\]]", "").trim().split("\\s+"));
        Installed.Result r = Installed.runWithEnv(List.of("XDG_DATA_HOME=" + home), "elevator", "bench", loop.name(),
                "--workload", "small-files", "--all-schedulers", "--budget", "30", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().matches("(?s).*small-files writes about [0-9.]+ (KiB|MiB) at a time in a private folder on " + mnt
                + ", removed afterwards\\..*"), "what is written where, before it starts: " + r.err());
        assertTrue(r.err().matches("(?s).*small-files: (\\d+ units?|one unit) of 100 transactions.*a block takes about .*"),
                "the size of a run and the blocks that fit: " + r.err());

        JsonObject report = JsonParser.parseString(r.out()).getAsJsonObject();
        Set<String> ranked = new HashSet<>();
        report.getAsJsonObject("ranking").getAsJsonArray("small-files").forEach(e -> ranked.add(e.getAsString()));
        assertEquals(offered, ranked, "every scheduler the kernel offers here");
        int runs = 0;
        Set<Long> transactionsPerRun = new HashSet<>();
        for (JsonElement e : report.getAsJsonArray("runs")) {
            JsonObject run = e.getAsJsonObject();
            if (!run.get("workload").getAsString().equals("small-files")) continue;
            runs++;
            assertTrue(run.get("iops").getAsDouble() > 0, "every slot measured transactions: " + run);
            transactionsPerRun.add(Math.round(run.get("iops").getAsDouble() * run.get("seconds").getAsDouble()));
        }
        assertTrue(runs >= 2 * offered.size(), "at least two blocks of " + offered.size() + ": " + runs);
        assertEquals(1, transactionsPerRun.size(), "the same work in every slot: " + transactionsPerRun);
        assertEquals(0, transactionsPerRun.iterator().next() % 100, "whole units of 100 transactions: " + transactionsPerRun);
        for (JsonElement e : report.getAsJsonArray("results")) {
            JsonObject result = e.getAsJsonObject();
            if (!result.get("workload").getAsString().equals("small-files")) continue;
            assertTrue(result.getAsJsonObject("mean").get("iops").getAsDouble() > 0, "a result above zero: " + result);
        }

        try (Stream<Path> left = Files.list(mnt)) {
            assertEquals(List.of("lost+found"), left.map(p -> p.getFileName().toString()).toList(), "the private folder is gone");
        }
        assertEquals("mq-deadline", loop.active(), "back on its scheduler");
        mount.close();
        assertFalse(Files.readString(Path.of("/proc/self/mountinfo")).contains(" " + mnt + " "), "unmounted");
        Path backing = Path.of("/sys/block", loop.name(), "loop/backing_file");
        String file = loop.backingFile().toString();
        loop.close();
        loop = null;
        assertFalse(Files.exists(backing) && Files.readString(backing).strip().equals(file), "detached");
    }
}
