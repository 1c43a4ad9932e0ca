package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What root does with a record it finds under run/elevator: only root's own 0644 file with one link
 * is acted on, any other is refused and named; and what a record says is checked again (the
 * scheduler against the device's list, each setting against Elevator's range) before it is written.
 */
class DeviceHoldsTest {
    /** A holder that no longer runs: pid 1's start time is never 1 tick after boot in a test. */
    private static final String DEAD_HOLDER = "\"holderPid\":2147483000,\"holderStart\":1";

    @TempDir
    Path root;
    private FakeSysfs sysfs;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path iosched;
    private Path record;

    @BeforeEach
    void device() throws IOException {
        sysfs = new FakeSysfs(root).device("loop0", "none mq-deadline [kyber] bfq");
        iosched = root.resolve("sys/block/loop0/queue/iosched");
        Files.createDirectories(iosched);
        Files.writeString(iosched.resolve("timeout_sync"), "125\n");
        Files.writeString(iosched.resolve("back_seek_penalty"), "2\n");
        Files.writeString(iosched.resolve("low_latency"), "1\n");
        Files.createDirectories(root.resolve("run/elevator"));
        record = root.resolve("run/elevator/loop0.json");
    }

    private void record(String settings) throws IOException {
        Files.writeString(record, "{\"device\":\"loop0\",\"originalScheduler\":\"bfq\",\"previousScheduler\":\"bfq\",\"currentScheduler\":\"kyber\"," + DEAD_HOLDER
                + ",\"originalSettings\":{" + settings + "}}");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-r--r--"));
    }

    private HelperExit restore() {
        return HelperUnderTest.of(root, sysfs.kernel(), new PrintStream(out, true), new PrintStream(err, true)).run(new String[] {"restore"});
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aTrustedRecordIsPutBackWithOnlyTheSettingsWithinElevatorsRanges() throws IOException {
        record("\"timeout_sync\":\"2147483648\",\"back_seek_penalty\":\"999999\",\"low_latency\":\"0\"");

        assertEquals(HelperExit.OK, restore());

        assertEquals("none mq-deadline kyber [bfq] \n", sysfs.schedulerLine("loop0"), output());
        assertEquals("0", Files.readString(iosched.resolve("low_latency")).strip(), "within its range: written");
        assertEquals("125", Files.readString(iosched.resolve("timeout_sync")).strip(), "2147483648 is beyond 60000: not written");
        assertEquals("2", Files.readString(iosched.resolve("back_seek_penalty")).strip(), "999999 is beyond 1024: not written");
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("iosched/timeout_sync takes a whole number from 1 to 60000 ms, not '2147483648'"),
                output());
        assertTrue(output().contains("back_seek_penalty"), output());
    }

    /** A switch resets nr_requests, so the record keeps the device's own and the next helper writes it back, within its range. */
    @Test
    void theQueuesNrRequestsInTheRecordIsPutBackAfterTheScheduler() throws IOException {
        Path nrRequests = root.resolve("sys/block/loop0/queue/nr_requests");
        Files.writeString(nrRequests, "256\n");
        record("\"low_latency\":\"1\",\"queue/nr_requests\":\"64\"");

        assertEquals(HelperExit.OK, restore());

        assertEquals("none mq-deadline kyber [bfq] \n", sysfs.schedulerLine("loop0"), output());
        assertEquals("64", Files.readString(nrRequests).strip(), output());
        assertTrue(output().contains("put back bfq and nr_requests=64"), "it says what it put back: " + output());

        Files.writeString(nrRequests, "256\n");
        record("\"queue/nr_requests\":\"4096\"");
        restore();
        assertEquals("256", Files.readString(nrRequests).strip(), "4096 is beyond 2048: not written");
        assertTrue(output().contains("queue/nr_requests takes a whole number from 4 to 2048"), output());
    }

    @Test
    void aRecordThatAnyoneCouldHaveWrittenIsRefusedAndNamed() throws IOException {
        record("\"low_latency\":\"0\"");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-rw-rw-"));

        assertEquals(HelperExit.OK, restore());

        assertEquals("none mq-deadline [kyber] bfq\n", sysfs.schedulerLine("loop0"), "nothing was put back");
        assertEquals("1", Files.readString(iosched.resolve("low_latency")).strip());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("its record 'loop0.json' was refused (mode 666, not 644)"), output());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("was refused (mode 666, not 644)"), "the restore verb reports it: " + output());
        assertTrue(Files.exists(record), "left where it is, for someone to look at");
    }

    @Test
    void aRecordWithASecondLinkIsRefused() throws IOException {
        record("");
        Files.createLink(root.resolve("run/elevator/elsewhere"), record);

        restore();

        assertEquals("none mq-deadline [kyber] bfq\n", sysfs.schedulerLine("loop0"));
        assertTrue(output().contains("was refused (2 links to it, not 1)"), output());
    }

    @Test
    void aRecordOfAnotherUserIsRefused() throws IOException {
        Require.root();
        record("");
        Files.setAttribute(record, "unix:uid", 65534);

        restore();

        assertEquals("none mq-deadline [kyber] bfq\n", sysfs.schedulerLine("loop0"));
        assertTrue(output().contains("was refused (owned by uid 65534, not root)"), output());
    }

    @Test
    void aRecordNotInTheFormRootWritesIsRefused() throws IOException {
        Files.writeString(record, "{\"device\":\"loop0\",\"originalScheduler\":\"../../vda\",\"previousScheduler\":\"../../vda\",\"currentScheduler\":\"kyber\"," + DEAD_HOLDER + "}");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-r--r--"));

        restore();

        assertEquals("none mq-deadline [kyber] bfq\n", sysfs.schedulerLine("loop0"));
        assertTrue(output().contains("its record 'loop0.json' was refused (not in the form Elevator writes)"), output());
    }

    @Test
    void aSchedulerTheDeviceDoesNotListIsNeverWritten() throws IOException {
        Files.writeString(record, "{\"device\":\"loop0\",\"originalScheduler\":\"cfq\",\"previousScheduler\":\"cfq\",\"currentScheduler\":\"kyber\"," + DEAD_HOLDER
                + ",\"originalSettings\":{}}");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-r--r--"));

        restore();

        assertEquals("none mq-deadline [kyber] bfq\n", sysfs.schedulerLine("loop0"));
        assertTrue(output().contains("cfq is no longer offered"), output());
    }

    @Test
    void recordsAndTheRunFolderGetTheirModesWhateverTheUmask() throws IOException {
        Files.delete(root.resolve("run/elevator"));
        DeviceHolds holds = new DeviceHolds(root, sysfs.kernel(), notice -> { });
        try (DeviceHolds.Hold hold = holds.take("loop0")) {
            hold.remember("kyber", "kyber", "bfq", java.util.Map.of());
        } catch (DeviceHolds.Busy busy) {
            throw new AssertionError(busy);
        }
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("run/elevator"))));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(record)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("run/elevator/loop0.lock"))));
    }
}
