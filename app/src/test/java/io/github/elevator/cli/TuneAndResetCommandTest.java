package io.github.elevator.cli;

import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code elevator tune} and {@code elevator reset} on the copied workstation with a recording helper. */
class TuneAndResetCommandTest {
    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    RecordingHelper helper;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    @BeforeEach
    void helper() throws Exception {
        helper = new RecordingHelper(helperDir, "{}\n", 0);
    }

    private int run(String... args) {
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        ElevatorCli cli = new ElevatorCli(() -> devices, () -> null, () -> new RulesService(devices, root));
        return cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void tuneWithoutKeyListsTheSettingsWithTheirRanges() throws Exception {
        assertEquals(0, run("tune", "sdb"));
        String text = out.toString();
        assertTrue(text.startsWith("sdb (bfq):\n"), text);
        assertTrue(text.contains("  queue/read_ahead_kb = 128 KiB  (0 to 65536): how far ahead sequential reads are fetched\n"), text);
        assertTrue(text.contains("  iosched/low_latency = 1  (0 to 1): favour interactive and soft real-time tasks\n"), text);
        assertFalse(helper.ran());
    }

    @Test
    void tuneAsksTheHelperWithTheListedKey() throws Exception {
        assertEquals(0, run("tune", "sdb", "low_latency", "0"));
        assertEquals("tune sdb iosched/low_latency 0", helper.args());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../scheduler", "iosched/../../scheduler", "read_expire", "scheduler", "low_latency\n"})
    void tuneRefusesKeysTheDeviceDoesNotHaveBeforeAnyPassword(String key) {
        assertEquals(1, run("tune", "sdb", key, "1"));
        assertTrue(err.toString().startsWith("elevator: sdb has no setting '"), err.toString());
        assertFalse(helper.ran());
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "2", "99999999999999", "one", "1 "})
    void tuneRefusesValuesOutOfRangeBeforeAnyPassword(String value) {
        assertEquals(1, run("tune", "sdb", "iosched/low_latency", value));
        assertTrue(err.toString().contains("takes a whole number from 0 to 1"), err.toString());
        assertFalse(helper.ran());
    }

    @Test
    void resetDryRunSaysWhatTheKernelWouldChooseAndWhy() {
        assertEquals(0, run("reset", "--all", "--dry-run"));
        String text = out.toString();
        assertTrue(text.contains("sdb: the kernel's choice is mq-deadline (one hardware queue: the kernel gives such devices mq-deadline).\n"
                + "  scheduler bfq → mq-deadline\n"), text);
        assertFalse(text.contains("wbt_lat_usec 0"), "bfq turns write-back throttling off; the kernel turns it on again when bfq goes: " + text);
        assertTrue(text.contains("nvme0n1: the kernel's choice is none (8 hardware queues: the kernel gives multi-queue devices none);"
                + " already as the kernel would have it."), text);
        assertTrue(text.contains("Elevator has no rules here"), text);
        assertFalse(helper.ran());
    }

    @Test
    void resetSwitchesThroughTheHelper() throws Exception {
        assertEquals(0, run("reset", "sdb"));
        assertEquals("set-scheduler sdb mq-deadline", helper.args());
        assertTrue(out.toString().contains("  scheduler bfq → mq-deadline\n"), out.toString());
    }

    @Test
    void resetOfADeviceWithoutSchedulerNamesItsDisks() {
        assertEquals(1, run("reset", "dm-2"));
        assertEquals("elevator: dm-2 has no I/O scheduler; reset the disks it rests on: nvme0n1.\n", err.toString());
        assertEquals(1, run("reset"));
    }
}
