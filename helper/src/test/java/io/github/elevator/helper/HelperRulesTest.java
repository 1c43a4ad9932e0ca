package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.protocol.RulesRenderer;
import io.github.elevator.protocol.SchedulerVariant;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.FakeUdev;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.TreeSnapshot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** write-rules and remove-rules against a fake root: what they write, and everything they refuse. */
class HelperRulesTest {
    static final String LOOP_BFQ = "elevator-rules 1\nrule loop bfq\nend\n";

    @TempDir
    Path root;
    Path file;
    FakeUdev udev = new FakeUdev(false);
    RulesFileWriter rulesFile;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void machine() throws IOException {
        new FakeSysfs(root)
                .device("loop0", "[none] mq-deadline kyber bfq")
                .device("vda", "none [mq-deadline] kyber bfq")
                .device("zram0", null);
        Files.createDirectories(root.resolve("etc/udev/rules.d"));
        Files.writeString(root.resolve("etc/udev/rules.d/50-other.rules"), "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        file = root.resolve("etc/udev/rules.d/60-elevator.rules");
        rulesFile = new RulesFileWriter(root);
    }

    private HelperExit run(String stdin, String... args) {
        InputStream in = new ByteArrayInputStream(stdin.getBytes(StandardCharsets.ISO_8859_1));
        ElevatorRulesHelper rules = new ElevatorRulesHelper(new HelperSysfs(root), rulesFile, udev, in);
        return HelperUnderTest.of(root, new HelperSysfs(root), rules, in, new PrintStream(out, true), new PrintStream(err, true)).run(args);
    }

    private HelperExit write(String stdin) {
        return run(stdin, "write-rules");
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /**
     * The file of one rule as the one renderer writes it (that the app's own rendering of its rules is the same
     * file, byte for byte, PreviewIsTheHelpersFileTest in the app proves).
     */
    private static String render(String match, String scheduler, Integer readAheadKb) {
        return RulesRenderer.render(List.of(new RulesRenderer.Entry(match, new SchedulerVariant(scheduler, Map.of()), readAheadKb, null)));
    }

    @Test
    void writesTheGeneratedFileReadableByAllAndReportsEachDiskWithAScheduler() throws Exception {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.OK, write(LOOP_BFQ), stderr());
        assertEquals(render("loop", "bfq", null), Files.readString(file));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("{\"device\":\"loop0\",\"active\":\"none\"}\n{\"device\":\"vda\",\"active\":\"mq-deadline\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"not-running\"}\n", stdout());
        Map<String, String> after = TreeSnapshot.of(root);
        after.remove("etc/udev/rules.d/60-elevator.rules");
        assertEquals(before, after, "nothing but the one file changed");
        assertEquals(List.of(), udev.calls, "udev is not running here, so it is left alone");
    }

    @Test
    void whereUdevRunsItReloadsAndTriggersEveryDiskWithAScheduler() throws Exception {
        // which disks a rule matches is udev's to decide: root does not read the disks' identities to guess it
        udev = new FakeUdev(true);
        assertEquals(HelperExit.OK, write("elevator-rules 1\nrule virtio none\nrule nvme none\nend\n"), stderr());
        assertEquals(List.of("control --reload", "trigger --action=change --settle /sys/block/loop0 /sys/block/vda"), udev.calls);
        assertTrue(stdout().contains("\"udev\":\"reloaded\""), stdout());
    }

    @Test
    void replacesItsOwnFile() throws Exception {
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        assertEquals(HelperExit.OK, write("elevator-rules 1\nrule serial:ABC123 kyber read_ahead_kb=512\nend\n"), stderr());
        assertEquals(render("serial:ABC123", "kyber", 512), Files.readString(file));
        assertTrue(stdout().endsWith("{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"not-running\"}\n"), stdout());
    }

    @Test
    void aSchedulerThatOnlyADiskHereOffersIsKnown() throws Exception {
        new FakeSysfs(root).device("sdz", "none [adios]");
        assertEquals(HelperExit.OK, write("elevator-rules 1\nrule usb adios\nend\n"), stderr());
    }

    static Stream<String> hostileDescriptions() {
        return Stream.of(
                "",
                "ACTION==\"add\", ATTR{queue/scheduler}=\"bfq\"\n",
                "elevator-rules 1\nend\n",
                "elevator-rules 1\nrule usbstick bfq\nend\n",
                "elevator-rules 1\nrule usb cfq\nend\n",
                "elevator-rules 1\nrule usb BFQ\nend\n",
                "elevator-rules 1\nrule usb bfq\"\nend\n",
                "elevator-rules 1\nrule usb \"bfq\"\nend\n",
                "elevator-rules 1\nrule wwn:\" bfq\nend\n",
                "elevator-rules 1\nrule serial:x\", RUN+=\"/bin/sh bfq\nend\n",
                "elevator-rules 1\nrule serial:x\nRUN+=\"/bin/sh\" bfq\nend\n",
                "elevator-rules 1\nrule serial:a\\b bfq\nend\n",
                "elevator-rules 1\nrule serial:a*b bfq\nend\n",
                "elevator-rules 1\nrule wwn: bfq\nend\n",
                "elevator-rules 1\nrule usb bfq\n",
                "elevator-rules 1\nrule usb bfq\nend",
                "elevator-rules 1\r\nrule usb bfq\r\nend\r\n",
                "elevator-rules 1\nrule usb bfq read_ahead_kb=1e3\nend\n",
                "elevator-rules 1\nrule usb bfq nr_requests=99999\nend\n",
                "elevator-rules 1\nrule usb bfq\nrule usb kyber\nend\n",
                "elevator-rules 1\nrule usb bf\u00e9\nend\n",
                "elevator-rules 1\nrule usb bfq\0\nend\n",
                "elevator-rules 1\n" + "rule usb bfq\n".repeat(2000) + "end\n");
    }

    @ParameterizedTest
    @MethodSource("hostileDescriptions")
    void refusesBadDescriptionsWritingNothing(String stdin) throws Exception {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.BAD_RULES, write(stdin));
        assertEquals(before, TreeSnapshot.of(root));
        assertEquals("", stdout());
        assertEquals(1, stderr().lines().count(), stderr());
        assertTrue(stderr().startsWith("elevator-helper: "), stderr());
    }

    @Test
    void refusedInputLeavesThePreviousFileIntact() throws Exception {
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        String previous = Files.readString(file);
        assertEquals(HelperExit.BAD_RULES, write("elevator-rules 1\nrule loop cfq\nend\n"));
        assertEquals(previous, Files.readString(file));
        assertTrue(stderr().contains("Unknown scheduler 'cfq'"), stderr());
    }

    static Stream<String> foreignFiles() {
        return Stream.of("KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n", "", "# Written by Elevator\n",
                "x" + RulesRenderer.MARKER + "\n", RulesRenderer.MARKER);
    }

    @ParameterizedTest
    @MethodSource("foreignFiles")
    void neverReplacesOrRemovesAFileItDidNotWrite(String content) throws Exception {
        Files.writeString(file, content);
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.FOREIGN_RULES_FILE, write(LOOP_BFQ));
        assertEquals(before, TreeSnapshot.of(root));
        assertTrue(stderr().contains("/etc/udev/rules.d/60-elevator.rules was not written by Elevator, so it was left as it is"), stderr());
        assertEquals(HelperExit.FOREIGN_RULES_FILE, run("", "remove-rules"));
        assertEquals(before, TreeSnapshot.of(root));
    }

    @Test
    void aLinkAtThePathIsForeignEvenToElevatorsOwnText() throws Exception {
        Path elsewhere = root.resolve("elsewhere.rules");
        Files.writeString(elsewhere, render("usb", "bfq", null));
        Files.createSymbolicLink(file, elsewhere);
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.FOREIGN_RULES_FILE, write(LOOP_BFQ));
        assertEquals(HelperExit.FOREIGN_RULES_FILE, run("", "remove-rules"));
        assertEquals(before, TreeSnapshot.of(root));
        Files.delete(file);
        Files.createSymbolicLink(file, Path.of("/dev/null"));
        assertEquals(HelperExit.FOREIGN_RULES_FILE, write(LOOP_BFQ), "a masking link is someone's decision");
    }

    @Test
    void aDirectoryAtThePathIsForeign() throws Exception {
        Files.createDirectory(file);
        assertEquals(HelperExit.FOREIGN_RULES_FILE, write(LOOP_BFQ));
        assertTrue(Files.isDirectory(file));
    }

    @Test
    void aReadOnlyEtcIsAClearErrorAndNothingIsHalfWritten() throws Exception {
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        String previous = Files.readString(file);
        rulesFile = new RulesFileWriter(root) {
            @Override
            protected Path createTemp(Path dir, byte[] content) throws IOException {
                throw new FileSystemException(dir.toString(), null, "Read-only file system");
            }
        };
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.RULES_WRITE_FAILED, write("elevator-rules 1\nrule loop none\nend\n"));
        assertEquals("elevator-helper: could not write /etc/udev/rules.d/60-elevator.rules: Read-only file system;"
                + " the previous file is as it was\n", stderr().lines().reduce((a, b) -> b).orElse("") + "\n");
        assertEquals(before, TreeSnapshot.of(root));
        assertEquals(previous, Files.readString(file));
    }

    @Test
    void aReallyReadOnlyRulesDirectoryIsTheSameClearErrorWithTheOldFileIntact() throws Exception {
        Require.root();
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        String previous = Files.readString(file);
        Path dir = file.getParent();
        LoopDevice.run("mount", "--bind", dir.toString(), dir.toString());
        try {
            LoopDevice.run("mount", "-o", "remount,ro,bind", dir.toString());
            err.reset();
            assertEquals(HelperExit.RULES_WRITE_FAILED, write("elevator-rules 1\nrule loop none\nend\n"));
            assertEquals("elevator-helper: could not write /etc/udev/rules.d/60-elevator.rules: Read-only file system;"
                    + " the previous file is as it was\n", stderr());
            assertEquals(previous, Files.readString(file));
            assertEquals(HelperExit.RULES_WRITE_FAILED, run("", "remove-rules"));
            assertEquals(previous, Files.readString(file));
        } finally {
            LoopDevice.run("umount", dir.toString());
        }
        try (var entries = Files.list(dir)) {
            assertEquals(2, entries.count(), "no temporary file was left");
        }
    }

    @Test
    void aFailedRenameRemovesTheTemporaryFileAndKeepsThePreviousOne() throws Exception {
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        Map<String, String> before = TreeSnapshot.of(root);
        rulesFile = new RulesFileWriter(root) {
            @Override
            protected void replace(Path temp, Path target) throws IOException {
                assertTrue(Files.readString(temp).contains("ENV{ELEVATOR_RULE}=\"nvme\""), "the whole new file was written first");
                throw new IOException("No space left on device");
            }
        };
        assertEquals(HelperExit.RULES_WRITE_FAILED, write("elevator-rules 1\nrule nvme none\nend\n"));
        assertEquals(before, TreeSnapshot.of(root), "no temporary file is left behind");
    }

    @Test
    void withoutUdevInstalledItSaysSo() throws Exception {
        Path bare = root.resolve("bare");
        new FakeSysfs(bare).device("loop0", "[none] bfq");
        rulesFile = new RulesFileWriter(bare);
        InputStream in = new ByteArrayInputStream(LOOP_BFQ.getBytes(StandardCharsets.US_ASCII));
        HelperExit exit = HelperUnderTest.of(bare, new HelperSysfs(bare), new ElevatorRulesHelper(new HelperSysfs(bare), rulesFile, udev, in), in,
                new PrintStream(out, true), new PrintStream(err, true)).run(new String[] {"write-rules"});
        assertEquals(HelperExit.RULES_WRITE_FAILED, exit);
        assertTrue(stderr().contains("udev is not installed here (there is no /etc/udev)"), stderr());
        assertFalse(Files.exists(bare.resolve("etc")));
    }

    @Test
    void removeRulesDeletesItsOwnFileAndOnlyThat() throws Exception {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.OK, write(LOOP_BFQ));
        udev = new FakeUdev(true);
        out.reset();
        assertEquals(HelperExit.OK, run("", "remove-rules"), stderr());
        assertEquals(before, TreeSnapshot.of(root));
        assertEquals("{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"removed\":true,\"udev\":\"reloaded\"}\n", stdout());
        out.reset();
        assertEquals(HelperExit.OK, run("", "remove-rules"));
        assertEquals("{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"removed\":false,\"udev\":\"unchanged\"}\n", stdout());
    }

    @Test
    void theRulesVerbsTakeNoArguments() throws Exception {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.USAGE, run(LOOP_BFQ, "write-rules", "/tmp/x.rules"));
        assertEquals(HelperExit.USAGE, run(LOOP_BFQ, "remove-rules", "--all"));
        assertEquals(before, TreeSnapshot.of(root));
    }
}
