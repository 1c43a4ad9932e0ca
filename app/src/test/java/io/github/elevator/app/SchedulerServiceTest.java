package io.github.elevator.app;

import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedulerServiceTest {
    @TempDir
    Path dir;

    /** A helper that only records that it was called: bad input must never reach it. */
    private SchedulerService serviceWithRecordingHelper() throws IOException {
        Path helper = dir.resolve("helper.sh");
        Files.writeString(helper, "#!/bin/sh\necho called >> '" + dir.resolve("calls") + "'\n");
        Files.setPosixFilePermissions(helper, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper, true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../vda", "loop0/../vda", "/sys/block/loop0", "/dev/../vda", "loop0\n", "sd a", "", "nope"})
    void unknownDevicesAreRefusedBeforeAskingForAPassword(String device) throws IOException {
        SchedulerService service = serviceWithRecordingHelper();
        SwitchFailedException e = assertThrows(SwitchFailedException.class, () -> service.switchScheduler(device, "bfq"));
        assertTrue(e.getMessage().startsWith("There is no block device named '"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertFalse(Files.exists(dir.resolve("calls")));
    }

    /** A partition has no scheduler of its own: the sentence names its disk, and nothing is asked of the helper. */
    @Test
    void aPartitionIsAnsweredWithItsDisk() throws IOException {
        SchedulerService service = serviceWithRecordingHelper();
        SwitchFailedException e = assertThrows(SwitchFailedException.class, () -> service.switchScheduler("nvme0n1p2", "bfq"));
        assertEquals("nvme0n1p2 is a partition of nvme0n1; the I/O scheduler belongs to the whole disk, so name nvme0n1 instead.", e.getMessage());
        assertFalse(Files.exists(dir.resolve("calls")));
    }

    @Test
    void schedulerTheDeviceDoesNotOfferIsRefusedWithTheChoices() throws IOException {
        SchedulerService service = serviceWithRecordingHelper();
        SwitchFailedException e = assertThrows(SwitchFailedException.class, () -> service.switchScheduler("sdc", "cfq"));
        assertEquals("sdc does not offer the scheduler 'cfq'; it offers none, mq-deadline, kyber, bfq.", e.getMessage());
        assertFalse(Files.exists(dir.resolve("calls")));
    }

    @Test
    void deviceWithoutSchedulerIsRefused() throws IOException {
        SchedulerService service = serviceWithRecordingHelper();
        SwitchFailedException e = assertThrows(SwitchFailedException.class, () -> service.switchScheduler("zram0", "none"));
        assertTrue(e.getMessage().startsWith("zram0 has no I/O scheduler"));
    }

    @Test
    void choosingTheActiveSchedulerChangesNothingAndAsksNothing() throws Exception {
        SchedulerService service = serviceWithRecordingHelper();
        assertEquals("mq-deadline", service.switchScheduler("sdc", "mq-deadline").active());
        assertFalse(Files.exists(dir.resolve("calls")));
    }

    @Test
    void validSwitchCallsTheHelperOnce() throws Exception {
        SchedulerService service = serviceWithRecordingHelper();
        service.switchScheduler("sdc", "bfq");
        assertEquals(List.of("called"), Files.readAllLines(dir.resolve("calls")));
    }

    @Test
    void helperFailureBecomesAMessage() throws Exception {
        Path helper = dir.resolve("failing.sh");
        Files.writeString(helper, "#!/bin/sh\necho 'elevator-helper: the device disappeared while it was being changed' >&2\nexit 69\n");
        Files.setPosixFilePermissions(helper, PosixFilePermissions.fromString("rwxr-xr-x"));
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper, true));
        SwitchFailedException e = assertThrows(SwitchFailedException.class, () -> service.switchScheduler("sdb", "none"));
        assertEquals("Could not switch sdb to none: The device disappeared while it was being changed", e.getMessage());
    }
}
