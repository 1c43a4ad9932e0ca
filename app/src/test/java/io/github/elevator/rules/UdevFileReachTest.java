package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** udev's globs, and the reading of a rules file checked against Elevator's own rules, whose disks Elevator knows. */
class UdevFileReachTest {

    @Test
    void globsAsUdevMatchesThem() {
        assertTrue(UdevGlob.matches("sd*[!0-9]|sr*", "sda"));
        assertFalse(UdevGlob.matches("sd*[!0-9]|sr*", "sda1"));
        assertTrue(UdevGlob.matches("sd*[!0-9]|sr*", "sr0"));
        assertTrue(UdevGlob.matches("mmcblk*[0-9]", "mmcblk0"));
        assertTrue(UdevGlob.matches("nvme?n1", "nvme0n1"));
        assertTrue(UdevGlob.matches("ata[0-9]*|end_device-*", "ata2"));
        assertTrue(UdevGlob.matches("bfq|bfq[] ]*|*[ []bfq|*[ []bfq[] ]*", "[mq-deadline] kyber bfq none"));
        assertFalse(UdevGlob.matches("bfq|bfq[] ]*|*[ []bfq|*[ []bfq[] ]*", "[mq-deadline] kyber none"));
        assertTrue(UdevGlob.matches("", ""), "an empty pattern matches an empty value");
        assertFalse(UdevGlob.matches("a.c", "abc"), "a dot is a dot");
        assertFalse(UdevGlob.matches("x", null));
    }

    /** Every kind and both identities, each rule reached by exactly the disks Elevator says it applies to. */
    @Test
    void elevatorsOwnFileReachesTheDisksItsRulesApplyTo() throws Exception {
        String text = Files.readString(Path.of("src/test/fixtures/rules/every-match.rules"));
        RuleSet rules = ElevatorRulesFile.parse(text).rules();
        List<BlockDevice> disks = new BlockDeviceScanner(Fixtures.workstation()).scan();
        UdevFileReach file = UdevFileReach.parse(text);
        int reached = 0;
        for (BlockDevice d : disks) {
            if (!d.hasScheduler()) continue;
            List<DiskEffect> effects = file.setters().stream()
                    .flatMap(line -> file.effects(line, List.of(d), Fixtures.workstation()).stream()).toList();
            Rule applying = rules.applying(d);
            assertTrue(effects.stream().allMatch(DiskEffect::certain), d.name() + ": every key of Elevator's rules can be read: " + effects);
            assertEquals(applying == null ? List.of() : List.of(applying.scheduler()), effects.stream().map(DiskEffect::scheduler).toList(),
                    d.name() + " under " + applying);
            reached += effects.size();
        }
        assertTrue(reached >= 5, "the fixture's rules reach most of the workstation's disks: " + reached);
    }
}
