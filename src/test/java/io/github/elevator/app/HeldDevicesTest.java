package io.github.elevator.app;

import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Scripts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeldDevicesTest {
    @TempDir
    Path root;

    private HeldDevices held(String helperBody) throws Exception {
        Files.createDirectories(root.resolve("run/elevator"));
        return new HeldDevices(root, new HelperRunner(Scripts.executable(root, "helper.sh", helperBody), true));
    }

    private void record(String device, long pid, long start) throws Exception {
        Files.writeString(root.resolve("run/elevator/" + device + ".json"), "{\"device\":\"" + device + "\",\"originalScheduler\":\"none\","
                + "\"currentScheduler\":\"kyber\",\"holderPid\":" + pid + ",\"holderStart\":" + start + "}");
    }

    private void process(long pid, long start) throws Exception {
        Path stat = root.resolve("proc/" + pid + "/stat");
        Files.createDirectories(stat.getParent());
        Files.writeString(stat, pid + " (java) S 1 " + pid + " 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 30 0 " + start + " 0 0\n");
    }

    @Test
    void onlyRecordsOfDeadHoldersAreLeftOvers() throws Exception {
        HeldDevices held = held("exit 0");
        record("loop1", 100, 5000);   // running
        process(100, 5000);
        record("loop2", 200, 6000);   // dead
        record("loop3", 300, 7000);   // pid taken by a newer process
        process(300, 9999);
        Files.writeString(root.resolve("run/elevator/loop4.json"), "{not json");
        assertEquals(List.of("loop2", "loop3"), held.leftOver().stream().map(r -> r.device()).sorted().toList());
        assertTrue(held.leftBehind("loop2").orElseThrow().startsWith("loop2 was left on kyber by a benchmark that stopped (pid 200)"));
        assertTrue(held.leftBehind("loop1").isEmpty());
    }

    @Test
    void restoreSaysWhatTheHelperDid() throws Exception {
        HeldDevices held = held("echo '{\"device\":\"loop2\",\"originalScheduler\":\"none\",\"holderPid\":200,"
                + "\"action\":\"put back none\",\"type\":\"recovered\"}'; echo 'stray line'");
        assertEquals(List.of("loop2: put back none."), held.restore());
    }
}
