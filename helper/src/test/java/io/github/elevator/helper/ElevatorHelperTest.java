package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.TreeSnapshot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ElevatorHelperTest {
    @TempDir
    Path root;
    FakeSysfs sysfs;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void machine() throws IOException {
        sysfs = new FakeSysfs(root)
                .device("loop0", "[none] mq-deadline kyber bfq")
                .device("vda", "none [mq-deadline] kyber bfq")
                .device("zram0", null);
        // a file outside sys/block that a path-walking bug could reach
        Files.writeString(root.resolve("sys/scheduler"), "untouched\n");
    }

    private HelperExit run(String... args) {
        return HelperUnderTest.of(root, sysfs.kernel(), new PrintStream(out, true), new PrintStream(err, true)).run(args);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void switchesWritesAndConfirms() throws IOException {
        assertEquals(HelperExit.OK, run("set-scheduler", "loop0", "bfq"));
        assertEquals("none mq-deadline kyber [bfq] \n", sysfs.schedulerLine("loop0"));
        assertEquals("{\"device\":\"loop0\",\"active\":\"bfq\",\"schedulers\":[\"none\",\"mq-deadline\",\"kyber\",\"bfq\"],\"type\":\"state\"}\n",
                out.toString(StandardCharsets.UTF_8));
        assertEquals("", stderr());
    }

    @Test
    void eachProgramRefusesTheOthersVerbsAndChangesNothing() throws IOException {
        Files.createDirectories(root.resolve("etc/udev/rules.d"));
        Map<String, String> before = TreeSnapshot.of(root);
        PrintStream o = new PrintStream(out, true), e = new PrintStream(err, true);
        for (String verb : new String[] {"write-rules", "remove-rules"}) {
            assertEquals(HelperExit.USAGE, new ElevatorHelper(root, sysfs.kernel(), new java.io.ByteArrayInputStream(
                    "elevator-rules 1\nrule loop bfq\nend\n".getBytes(StandardCharsets.US_ASCII)), o, e).run(new String[] {verb}), verb);
        }
        ElevatorRulesHelper rules = new ElevatorRulesHelper(sysfs.kernel(), new RulesFileWriter(root), new io.github.elevator.testing.FakeUdev(false),
                java.io.InputStream.nullInputStream());
        for (String[] args : new String[][] {{"set-scheduler", "loop0", "bfq"}, {"tune", "loop0", "nr_requests", "64"}, {"benchmark", "loop0"},
                {"restore"}, {"write-rules", "extra"}, {}}) {
            assertEquals(HelperExit.USAGE, rules.run(args, o, e), String.join(" ", args));
        }
        assertEquals(before, TreeSnapshot.of(root));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertTrue(stderr().contains("usage: elevator-helper set-scheduler") && stderr().contains("usage: elevator-rules-helper write-rules"), stderr());
    }

    static Stream<String> hostileDevices() {
        return Stream.of("../vda", "loop0/../vda", "/dev/loop0", "/sys/block/loop0", "loop0\n", "loop0\0",
                "loop 0", " loop0", "", ".", "..", "*", "loop*", "LOOP0", "a".repeat(10_000), "loop0/queue",
                "../../sys/block/loop0", "loop0/", "vda\nloop0");
    }

    @ParameterizedTest
    @MethodSource("hostileDevices")
    void refusesDeviceNamesTheKernelDoesNotList(String device) throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.NO_SUCH_DEVICE, run("set-scheduler", device, "bfq"));
        assertEquals(before, TreeSnapshot.of(root));
        assertOneLine(stderr());
    }

    static Stream<String> hostileSchedulers() {
        return Stream.of("cfq", "BFQ", "bfq\n", "[bfq]", "bfq ", " bfq", "", "none mq-deadline", "../bfq", "bfq\0",
                "x".repeat(10_000), "[none]", "kyber;bfq");
    }

    @ParameterizedTest
    @MethodSource("hostileSchedulers")
    void refusesSchedulersTheDeviceDoesNotOffer(String scheduler) throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.UNKNOWN_SCHEDULER, run("set-scheduler", "loop0", scheduler));
        assertEquals(before, TreeSnapshot.of(root));
        assertOneLine(stderr());
    }

    @Test
    void refusesDeviceWithoutScheduler() throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.NO_SCHEDULER, run("set-scheduler", "zram0", "none"));
        assertEquals(before, TreeSnapshot.of(root));
        assertTrue(stderr().contains("zram0 has no I/O scheduler"));
    }

    @Test
    void wrongArgumentCountsAreUsageErrors() throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.USAGE, run());
        assertEquals(HelperExit.USAGE, run("set-scheduler"));
        assertEquals(HelperExit.USAGE, run("set-scheduler", "loop0"));
        assertEquals(HelperExit.USAGE, run("set-scheduler", "loop0", "bfq", "extra"));
        assertEquals(HelperExit.USAGE, run("write", "loop0", "bfq"));
        assertEquals(HelperExit.USAGE, run("SET-SCHEDULER", "loop0", "bfq"));
        assertEquals(before, TreeSnapshot.of(root));
    }

    @Test
    void deviceThatDisappearsBeforeTheWriteChangesNothing() throws IOException {
        io.github.elevator.helper.HelperSysfs vanishing = new HelperSysfs(root) {
            @Override
            public void writeScheduler(String listedName, String scheduler) throws IOException {
                Files.delete(root.resolve("sys/block/loop0"));
                super.writeScheduler(listedName, scheduler);
            }
        };
        HelperExit exit = HelperUnderTest.of(root, vanishing, new PrintStream(out), new PrintStream(err)).run(
                new String[] {"set-scheduler", "loop0", "bfq"});
        assertEquals(HelperExit.DEVICE_GONE, exit);
        assertEquals("[none] mq-deadline kyber bfq\n",
                Files.readString(root.resolve("sys/devices/virtual/block/loop0/queue/scheduler")));
    }

    @Test
    void kernelRefusalIsReportedAndNothingElseChanges() throws IOException {
        HelperSysfs refusing = new HelperSysfs(root) {
            @Override
            public void writeScheduler(String listedName, String scheduler) throws IOException {
                throw new IOException("Invalid argument");
            }
        };
        HelperExit exit = HelperUnderTest.of(root, refusing, new PrintStream(out), new PrintStream(err)).run(
                new String[] {"set-scheduler", "loop0", "kyber"});
        assertEquals(HelperExit.WRITE_FAILED, exit);
        assertTrue(stderr().contains("the kernel refused kyber for loop0"), stderr());
    }

    @Test
    void unconfirmedSwitchPutsThePreviousSchedulerBack() throws IOException {
        // a kernel that accepts the write but keeps reporting the old scheduler
        HelperSysfs stubborn = new HelperSysfs(root) {
            @Override
            public void writeScheduler(String listedName, String scheduler) throws IOException {
                super.writeScheduler(listedName, "[none] mq-deadline kyber bfq\n");
            }
        };
        HelperExit exit = HelperUnderTest.of(root, stubborn, new PrintStream(out), new PrintStream(err)).run(
                new String[] {"set-scheduler", "loop0", "kyber"});
        assertEquals(HelperExit.NOT_CONFIRMED, exit);
        assertEquals("[none] mq-deadline kyber bfq\n", sysfs.schedulerLine("loop0"));
    }

    @Test
    void exitCodesNeverCollideWithPkexecOrTheJvm() {
        for (HelperExit e : HelperExit.values()) {
            assertFalse(e.code() == 126 || e.code() == 127 || e.code() == 1, e + " uses a reserved code");
            assertEquals(1, java.util.Arrays.stream(HelperExit.values()).filter(x -> x.code() == e.code()).count(), e.name());
        }
    }

    private static void assertOneLine(String text) {
        assertTrue(text.startsWith("elevator-helper: "), text);
        assertEquals(1, text.split("\n", -1).length - 1, "exactly one line: " + text);
        assertTrue(text.length() < 300, "short: " + text.length());
    }
}
