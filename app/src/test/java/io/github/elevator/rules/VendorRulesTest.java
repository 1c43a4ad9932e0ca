package io.github.elevator.rules;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A distribution's own udev rules (the vendor-rules fixture) over the workstation's disks: each
 * scheduler assignment with its file and line and the disks it reaches, udev's GOTO and LABEL
 * followed, and a key Elevator cannot read making the answer "perhaps".
 */
class VendorRulesTest {
    @TempDir
    Path copy;

    private static List<OtherSetter> udev(Path root) {
        return SettersOnTheWorkstation.of(root, OtherSetter.Source.UDEV);
    }

    private static List<String> reached(OtherSetter o) {
        return o.disks().stream().map(e -> e.device() + " " + e.scheduler() + (e.certain() ? "" : "?")).toList();
    }

    @Test
    void fedorasBlockSchedulerRuleGivesBfqToScsiDisksAndSdCardsBeforeElevatorsRules() {
        OtherSetter fedora = udev(Fixtures.overriders("vendor-rules")).get(0);
        assertEquals("/usr/lib/udev/rules.d/60-block-scheduler.rules:3", fedora.where(), "the rule starts on line 3 and goes on over two more");
        assertEquals("bfq", fedora.scheduler());
        assertEquals(List.of("mmcblk0 bfq", "sda bfq", "sdb bfq", "sdc bfq"), reached(fedora), "sd*[!0-9] and mmcblk*[0-9]; not nvme0n1, vda, loop0");
        assertFalse(fedora.afterElevator(), "60-block-scheduler.rules sorts before 60-elevator.rules");
        assertTrue(fedora.describe().contains("Here: mmcblk0: bfq; sda: bfq; sdb: bfq; sdc: bfq."), fedora.describe());
    }

    @Test
    void aRulesFileWithGotoReachesEachDiskAtOneLineOnly() {
        List<OtherSetter> found = udev(Fixtures.overriders("vendor-rules"));
        assertEquals(List.of("/usr/lib/udev/rules.d/60-block-scheduler.rules:3", "/usr/lib/udev/rules.d/61-io-scheduler.rules:11",
                "/usr/lib/udev/rules.d/61-io-scheduler.rules:12", "/usr/lib/udev/rules.d/61-io-scheduler.rules:14",
                "/lib/udev/rules.d/70-usb-sticks.rules:2"), found.stream().map(OtherSetter::where).toList());
        assertEquals(List.of("sda mq-deadline"), reached(found.get(1)), "the SSD; sdc is a rotating stick");
        assertEquals(List.of("nvme0n1 none"), reached(found.get(2)));
        assertEquals(List.of("sdb bfq", "sdc bfq", "vda bfq"), reached(found.get(3)), "sda jumped to the end at line 11");
        assertTrue(found.get(3).afterElevator());
    }

    @Test
    void aUdevPropertyElevatorCannotReadMakesEveryDiskPerhaps() {
        OtherSetter sticks = udev(Fixtures.overriders("vendor-rules")).get(4);
        assertEquals("kyber", sticks.scheduler(), "named by the echo in its RUN");
        assertEquals(List.of("loop0 kyber?", "mmcblk0 kyber?", "nvme0n1 kyber?", "sda kyber?", "sdb kyber?", "sdc kyber?", "vda kyber?"),
                reached(sticks));
        assertTrue(sticks.disks().get(0).describe().endsWith("(perhaps: it depends on what Elevator cannot read)"));
    }

    @Test
    void theWinnerOnADiskIsTheLastSureSetterAndAPerhapsNeverWarnsARuleThatHolds() throws RulesException {
        List<OtherSetter> found = new OtherSetterScan(Fixtures.overriders("vendor-rules")).scan(SettersOnTheWorkstation.disks());
        assertEquals("/usr/lib/udev/rules.d/61-io-scheduler.rules:14", LastSetterWins.gave("sdb", "bfq", found).where(),
                "both Fedora's rule and the later file set bfq on sdb; the later one wins");
        assertEquals("/lib/udev/rules.d/70-usb-sticks.rules:2", LastSetterWins.gave("sda", "kyber", found).where(), "only a perhaps explains kyber");
        assertNull(LastSetterWins.replaces("loop0", "none", found), "loop0 is reached by a perhaps only");
        assertEquals("/usr/lib/udev/rules.d/61-io-scheduler.rules:11", LastSetterWins.replaces("sda", "bfq", found).where());

        BlockDevice sda = SettersOnTheWorkstation.disks().stream().filter(d -> d.name().equals("sda")).findFirst().orElseThrow();
        RuleStatus held = RuleStatus.of(sda, RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "mq-deadline"))), found);
        assertTrue(held.agrees());
        assertNull(held.overrider(), "the later file sets mq-deadline too");
        assertEquals("ssd", held.mark());
        RuleStatus replaced = RuleStatus.of(sda, RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "kyber"))), found);
        assertTrue(replaced.warning());
        assertEquals("⚠ ssd: kyber", replaced.mark());
        assertEquals("Elevator's rule for every SATA/SAS SSD says kyber, but sda uses mq-deadline: udev rule at"
                + " /usr/lib/udev/rules.d/61-io-scheduler.rules:11 sets mq-deadline on sda when the disk is added, after Elevator's rules.",
                replaced.text());
    }

    @Test
    void aCopyInEtcThatIsEmptyMasksTheDistributionsFile() throws IOException {
        Fixtures.copy(Fixtures.overriders("vendor-rules"), copy);
        Files.createDirectories(copy.resolve("etc/udev/rules.d"));
        Files.writeString(copy.resolve("etc/udev/rules.d/60-block-scheduler.rules"), "");
        assertFalse(udev(copy).stream().anyMatch(o -> o.file().endsWith("60-block-scheduler.rules")));
    }
}
