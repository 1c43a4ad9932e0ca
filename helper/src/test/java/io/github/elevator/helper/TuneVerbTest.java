package io.github.elevator.helper;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.FakeSysfs;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.TreeSnapshot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The helper's {@code tune} on a made-up sysfs tree: what it accepts, and hostile keys and values refused with nothing changed. */
class TuneVerbTest {
    @TempDir
    Path root;
    private FakeSysfs fake;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path queue;

    @BeforeEach
    void setUp() throws IOException {
        fake = new FakeSysfs(root).device("loop0", "none [bfq] mq-deadline").device("loop1", "[none] bfq");
        queue = root.resolve("sys/devices/virtual/block/loop0/queue");
        Files.writeString(queue.resolve("read_ahead_kb"), "128\n");
        Files.writeString(queue.resolve("nr_requests"), "256\n");
        Files.createDirectories(queue.resolve("iosched"));
        Files.writeString(queue.resolve("iosched/low_latency"), "1\n");
        Files.writeString(queue.resolve("iosched/slice_idle"), "8\n");
        Files.writeString(queue.resolve("iosched/unheard_of"), "3\n");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop1/queue/read_ahead_kb"), "128\n");
    }

    private HelperExit tune(String... args) throws IOException {
        return tune(fake.kernel(), args);
    }

    /** The helper's tune verb, over a sysfs whose writes the test may play the kernel for. */
    private HelperExit tune(HelperSysfs sysfs, String... args) {
        return HelperUnderTest.of(root, sysfs, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(new String[] {"tune", args[0], args[1], args[2]});
    }

    private String value(String relative) throws IOException {
        return Files.readString(queue.resolve(relative)).strip();
    }

    @Test
    void setsAQueueSettingAndSaysWhatItWas() throws IOException {
        assertEquals(HelperExit.OK, tune("loop0", "queue/read_ahead_kb", "512"));
        assertEquals("512", value("read_ahead_kb"));
        assertEquals("{\"device\":\"loop0\",\"key\":\"queue/read_ahead_kb\",\"value\":512,\"previous\":128}\n", out.toString());
    }

    @Test
    void setsASchedulerSettingByItsBareNameToo() throws IOException {
        assertEquals(HelperExit.OK, tune("loop0", "low_latency", "0"));
        assertEquals("0", value("iosched/low_latency"));
        assertTrue(out.toString().contains("\"key\":\"iosched/low_latency\""), out.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../scheduler", "iosched/../../scheduler", "queue/scheduler", "scheduler", "queue/../scheduler",
            "iosched/low_latency\n", "low_latency\n", "/sys/block/loop0/queue/nr_requests", "queue//nr_requests",
            "iosched/read_expire", "read_lat_nsec", "", "queue/", "iosched/", "queue/iostats", "size", "iosched/./low_latency"})
    void hostileOrForeignKeysAreRefusedWithNothingChanged(String key) throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop0", key, "1"));
        assertEquals(before, TreeSnapshot.of(root));
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }

    @Test
    void aKeyOfAnotherSchedulerIsNamedAsSuch() throws IOException {
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop0", "iosched/read_expire", "100"));
        assertTrue(err.toString().contains("is a setting of another scheduler"), err.toString());
        assertTrue(err.toString().contains("iosched/low_latency"), "lists what there is: " + err);
    }

    @Test
    void aSettingWithoutAKnownRangeIsShownNeverWritten() throws IOException {
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop0", "iosched/unheard_of", "1"));
        assertEquals("3", value("iosched/unheard_of"));
        assertTrue(err.toString().contains("no safe range"), err.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "65537", "99999999999", "999999999999999999999", "1e3", "0x10", "12 ", " 12", "12\n", "",
            "+5", "abc", "１２", "12;rm", "128\u0000"})
    void hostileOrOutOfRangeValuesAreRefusedWithNothingChanged(String value) throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.BAD_TUNABLE_VALUE, tune("loop0", "queue/read_ahead_kb", value));
        assertEquals(before, TreeSnapshot.of(root));
        assertTrue(err.toString().contains("from 0 to 65536 KiB"), err.toString());
    }

    @Test
    void eachSettingHasItsOwnRange() throws IOException {
        assertEquals(HelperExit.BAD_TUNABLE_VALUE, tune("loop0", "queue/nr_requests", "3"));
        assertEquals(HelperExit.BAD_TUNABLE_VALUE, tune("loop0", "low_latency", "2"));
        assertEquals("256", value("nr_requests"));
        assertEquals("1", value("iosched/low_latency"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../loop0", "loop0/", "loop0/queue", "/sys/block/loop0", "loop2", "", "loop0\n"})
    void unlistedDevicesAreRefused(String device) throws IOException {
        Map<String, String> before = TreeSnapshot.of(root);
        assertEquals(HelperExit.NO_SUCH_DEVICE, tune(device, "read_ahead_kb", "64"));
        assertEquals(before, TreeSnapshot.of(root));
    }

    @Test
    void aDeviceWithoutThatFileHasNoSuchSetting() throws IOException {
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop1", "nr_requests", "64"));
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop1", "low_latency", "0"), "loop1 uses none: no scheduler settings");
    }

    @Test
    void aLinkInPlaceOfTheFileIsNeverWrittenThrough() throws IOException {
        Path target = root.resolve("elsewhere");
        Files.writeString(target, "7\n");
        Files.delete(queue.resolve("iosched/slice_idle"));
        Files.createSymbolicLink(queue.resolve("iosched/slice_idle"), target);
        assertEquals(HelperExit.UNKNOWN_TUNABLE, tune("loop0", "slice_idle", "0"), "a link is not listed as a setting");
        assertEquals("7\n", Files.readString(target));
    }

    @Test
    void whatTheKernelRefusesLeavesTheOldValue() throws IOException {
        HelperSysfs refusing = new HelperSysfs(root) {
            @Override
            public void write(Path file, String value) throws IOException {
                if (!value.equals("128")) throw new IOException("Invalid argument");
                super.write(file, value);
            }
        };
        assertEquals(HelperExit.TUNE_REFUSED, tune(refusing, "loop0", "read_ahead_kb", "4096"));
        assertEquals("128", value("read_ahead_kb"));
        assertTrue(err.toString().contains("the kernel refused queue/read_ahead_kb=4096 for loop0: Invalid argument"), err.toString());
    }

    @Test
    void aValueTheKernelDoesNotKeepIsUndone() throws IOException {
        HelperSysfs clamping = new HelperSysfs(root) {
            @Override
            public void write(Path file, String value) throws IOException {
                super.write(file, value.equals("8") ? "8" : "1000");
            }
        };
        assertEquals(HelperExit.TUNE_NOT_CONFIRMED, tune(clamping, "loop0", "slice_idle", "20"));
        assertEquals("8", value("iosched/slice_idle"));
        assertTrue(err.toString().contains("reports iosched/slice_idle=1000 after writing 20; 8 was put back"), err.toString());
    }

    @Test
    void roundingToPagesIsWhatTheKernelKeepsNotAFailure() throws IOException {
        HelperSysfs pages = new HelperSysfs(root) {
            @Override
            public void write(Path file, String value) throws IOException {
                super.write(file, Long.toString(Long.parseLong(value) / 4 * 4));
            }
        };
        assertEquals(HelperExit.OK, tune(pages, "loop0", "read_ahead_kb", "130"));
        assertTrue(out.toString().contains("\"value\":128,\"previous\":128"), out.toString());
    }

    @Test
    void exitCodesAreDistinctAndNeverPkexecs() {
        for (HelperExit e : new HelperExit[] {HelperExit.UNKNOWN_TUNABLE, HelperExit.BAD_TUNABLE_VALUE, HelperExit.TUNE_REFUSED,
                HelperExit.TUNE_NOT_CONFIRMED}) {
            assertEquals(1, java.util.Arrays.stream(HelperExit.values()).filter(x -> x.code() == e.code()).count(), e.name());
            assertTrue(e.code() != 126 && e.code() != 127 && e.code() != 1, e.name());
        }
    }
}
