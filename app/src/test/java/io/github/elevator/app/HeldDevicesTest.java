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

    @Test
    void recordsThatCannotBeReadAreNamedOneLineEach() throws Exception {
        HeldDevices held = held("exit 0");
        Path dir = root.resolve("run/elevator");
        Files.writeString(dir.resolve("loop1.json"), "some text");
        Files.writeString(dir.resolve("loop2.json"), "{}");
        try (var big = java.nio.channels.FileChannel.open(dir.resolve("loop3.json"), java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            big.write(java.nio.ByteBuffer.wrap(new byte[] {'{'}), 10L * 1024 * 1024 - 1);
        }
        Files.createDirectory(dir.resolve("loop4.json"));
        record("loop5", 500, 1);
        Files.writeString(dir.resolve("loop5.lock"), "");
        String tail = ", so Elevator cannot tell whether a benchmark left %s on a temporary scheduler; check its scheduler with"
                + " 'elevator list', then remove the file as root";
        assertEquals(List.of(dir.resolve("loop1.json") + " is not a record Elevator can read" + tail.formatted("loop1"),
                dir.resolve("loop2.json") + " is not a record Elevator can read" + tail.formatted("loop2"),
                dir.resolve("loop3.json") + " is too large for a record (10485760 bytes)" + tail.formatted("loop3"),
                dir.resolve("loop4.json") + " is a folder, not a record" + tail.formatted("loop4")), held.describeUnreadable());
        assertEquals(List.of("loop5"), held.leftOver().stream().map(r -> r.device()).toList(), "a readable record is read as before");
    }
}
