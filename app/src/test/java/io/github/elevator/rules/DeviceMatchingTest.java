package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which disks of the copied workstation each kind and identifier matches, and which rule wins. */
class DeviceMatchingTest {
    static List<BlockDevice> devices;

    @BeforeAll
    static void scan() throws Exception {
        devices = new BlockDeviceScanner(Fixtures.workstation()).scan();
    }

    static BlockDevice device(String name) {
        return devices.stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void eachKindMatchesTheDisksOfThatKind() {
        Map<String, List<String>> byKind = new TreeMap<>();
        for (Kind k : Kind.values()) {
            byKind.put(k.id(), devices.stream().filter(k::matches).map(BlockDevice::name).collect(Collectors.toList()));
        }
        assertEquals(Map.of(
                "removable", List.of("sdc"),
                "usb", List.of("sdc"),
                "mmc", List.of("mmcblk0"),
                "nvme", List.of("nvme0n1"),
                "ssd", List.of("sda"),
                "hdd", List.of("sdb"),
                "virtio", List.of("vda"),
                "loop", List.of("loop0")), byKind);
    }

    @Test
    void aUsbStickThatReportsRotationalIsNoHardDisk() {
        BlockDevice stick = device("sdc");
        assertTrue(stick.rotational(), "the fixture's stick says rotational=1, as many do");
        assertFalse(Kind.HDD.matches(stick));
        assertEquals(Kind.REMOVABLE, Kind.of(stick));
    }

    @Test
    void disksWithoutAKindHaveNone() {
        assertNull(Kind.of(device("zram0")));
        assertNull(Kind.of(device("md0")));
        assertNull(Kind.of(device("dm-0")));
    }

    @Test
    void oneDiskIsNamedByWwnWhenItHasOneElseBySerial() throws RulesException {
        assertEquals(Match.wwn("naa.5002538f42a1b3c9"), Match.identity(device("sda")));
        assertEquals(Match.wwn("eui.002538b21190a1c4"), Match.identity(device("nvme0n1")));
        assertEquals(Match.serial("4C530001230914115382"), Match.identity(device("sdc")));
        assertEquals(Match.serial("0x7b3e91c2"), Match.identity(device("mmcblk0")));
        assertEquals(Match.serial("overlayblk"), Match.identity(device("vda")));
        assertNull(Match.identity(device("loop0")), "a loop device has neither");
    }

    @Test
    void aSataSerialIsNotMatchableBecauseUdevCannotCompareIt() throws RulesException {
        BlockDevice sda = device("sda");
        assertEquals("S6PXNM0T612345A", sda.serial());
        assertFalse(Match.serial("S6PXNM0T612345A").matches(sda));
        assertTrue(Match.wwn("naa.5002538f42a1b3c9").matches(sda));
    }

    @Test
    void theMostSpecificRuleThatTheDiskOffersWins() throws RulesException {
        RuleSet rules = RuleSet.of(List.of(
                new Rule(Match.of(Kind.USB), "none"),
                new Rule(Match.of(Kind.REMOVABLE), "kyber"),
                new Rule(Match.serial("4C530001230914115382"), "cfq")));
        BlockDevice stick = device("sdc");
        assertEquals(3, rules.matching(stick).size());
        assertEquals(Match.of(Kind.REMOVABLE), rules.applying(stick).match(), "cfq is not offered, so the next rule applies");
        assertEquals(List.of("sdc"), RuleSet.devicesMatching(rules.rules().get(1), devices));
    }

    @Test
    void statusSaysWhereTheSchedulerComesFrom() throws RulesException {
        RuleSet rules = RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "mq-deadline"), new Rule(Match.of(Kind.HDD), "none"),
                new Rule(Match.of(Kind.SSD), "nonexistent")));
        RuleStatus stick = RuleStatus.of(device("sdc"), rules, List.of());
        assertTrue(stick.agrees());
        assertEquals("usb", stick.mark());
        assertEquals("mq-deadline comes from Elevator's rule for every USB device.", stick.text());

        RuleStatus hdd = RuleStatus.of(device("sdb"), rules, List.of(new OtherSetter(OtherSetter.Source.KERNEL_COMMAND_LINE, "/proc/cmdline", 1,
                "elevator=deadline", "deadline", "ignored", List.of(), false)));
        assertTrue(hdd.warning());
        assertEquals("⚠ hdd: none", hdd.mark());
        assertTrue(hdd.text().startsWith("Elevator's rule for every SATA/SAS hard disk says none, but sdb uses bfq"), hdd.text());
        assertTrue(hdd.text().endsWith("Other settings that also set schedulers are listed under Rules."), hdd.text());

        RuleStatus ssd = RuleStatus.of(device("sda"), rules, List.of());
        assertTrue(ssd.warning());
        assertTrue(ssd.text().contains("which sda does not offer"), ssd.text());

        RuleStatus nvme = RuleStatus.of(device("nvme0n1"), rules, List.of());
        assertFalse(nvme.warning());
        assertEquals("", nvme.mark());
        assertEquals(Kind.NVME, nvme.kind());
        assertEquals("No rule: none is lost when the disk is unplugged or the machine restarts.", nvme.text());

        assertEquals(RuleStatus.NONE, RuleStatus.of(device("zram0"), rules, List.of()));
    }

    @Test
    void aRuleForAnotherSchedulerThanMqDeadlineNeverAppliesToAHostManagedZonedDisk() throws Exception {
        BlockDevice smr = new BlockDeviceScanner(Fixtures.storageServer()).find("sda").orElseThrow();
        RuleSet hddNone = RuleSet.of(List.of(new Rule(Match.of(Kind.HDD), "none")));
        assertEquals(List.of(hddNone.rules().get(0)), hddNone.matching(smr), "the kind matches");
        assertNull(hddNone.applying(smr), "but the generated rule skips the zoned disk");
        RuleSet hddDeadline = RuleSet.of(List.of(new Rule(Match.of(Kind.HDD), "mq-deadline")));
        assertEquals(hddDeadline.rules().get(0), hddDeadline.applying(smr));
    }
}
