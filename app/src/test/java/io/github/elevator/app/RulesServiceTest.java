package io.github.elevator.app;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The service on the copied workstation, a made-up /etc, and a helper script that records what it was handed. */
class RulesServiceTest {
    static final String SDC_REPORT = "{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"bfq\",\"active\":\"mq-deadline\"}\n"
            + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"not-running\"}\n";

    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    RecordingHelper helper;

    private RulesService service(String answer, int exit) throws Exception {
        helper = new RecordingHelper(helperDir, answer, exit);
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        return new RulesService(devices, root);
    }

    private void installed(String text) throws Exception {
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static BlockDevice device(RulesService s, String name) throws Exception {
        return s.state().devices().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void withoutAFileThereAreNoRulesAndItSaysSo() throws Exception {
        RulesOverview state = service("", 0).state();
        assertEquals(ElevatorRulesFile.Status.ABSENT, state.file().status());
        assertTrue(state.rules().isEmpty());
        assertEquals("No rules yet: /etc/udev/rules.d/60-elevator.rules does not exist.", state.fileNotice());
        assertEquals(List.of(), state.warnings());
    }

    @Test
    void readsItsOwnFileBackAndShowsWhatEachRuleMatchesAndWhatDiffers() throws Exception {
        installed(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq"), new Rule(Match.of(Kind.NVME), "none")))));
        RulesOverview state = service("", 0).state();
        assertEquals(ElevatorRulesFile.Status.OURS, state.file().status());
        assertEquals(List.of("sdc"), state.matched(state.rules().rules().get(0)));
        assertEquals(List.of("nvme0n1"), state.matched(state.rules().rules().get(1)));
        assertEquals(List.of("sdc: Elevator's rule for every USB device says bfq, but sdc uses mq-deadline: something else set it since,"
                + " or udev has not applied the rule yet."), state.warnings());
        assertTrue(state.status(device(service("", 0), "nvme0n1")).agrees());
    }

    @Test
    void aDamagedRulesFileIsReadAsWellAsItCanBeAndNeverStopsTheReading() throws Exception {
        String ours = ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq"), new Rule(Match.of(Kind.NVME), "none"))));
        installed("{}");
        assertEquals(ElevatorRulesFile.Status.FOREIGN, service("", 0).state().file().status(), "{} is not Elevator's file");

        installed(ours.substring(0, ours.indexOf("ENV{ELEVATOR_RULE}=\"nvme\"")));
        RulesOverview truncated = service("", 0).state();
        assertEquals(ElevatorRulesFile.Status.EDITED, truncated.file().status(), "cut short: changed since Elevator wrote it");
        assertEquals(List.of("usb"), truncated.rules().rules().stream().map(r -> r.match().text()).toList(), "the whole rules it holds are kept");

        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.write(file, (ours.replace("# serial number, then", "# serial number \u00e9, then")).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        RulesOverview latin1 = service("", 0).state();
        assertEquals(ElevatorRulesFile.Status.EDITED, latin1.file().status(), "bytes that are not UTF-8: changed by hand, not an error");
        assertEquals(2, latin1.rules().rules().size());

        Files.delete(file);
        Files.createDirectory(file);
        RulesOverview folder = service("", 0).state();
        assertEquals(ElevatorRulesFile.Status.FOREIGN, folder.file().status(), "a folder in place of the file is not Elevator's");
        assertTrue(folder.fileNotice().contains("not written by Elevator"), folder.fileNotice());
        RulesFailedException refused = assertThrows(RulesFailedException.class, () -> service("", 0).set(new Rule(Match.of(Kind.USB), "bfq")));
        assertTrue(refused.getMessage().contains("not written by Elevator"), refused.getMessage());
        assertFalse(helper.ran(), "nothing is asked of the helper");
    }

    @Test
    void aSaveMessageNamesFewDisksAndLeavesOutLoopDevicesWithNoFile() {
        assertEquals("sda", RulesService.SaveResult.few(List.of("sda")));
        assertEquals("sda and sdb", RulesService.SaveResult.few(List.of("sda", "sdb")));
        assertEquals("loop1, loop2, loop3 and loop4", RulesService.SaveResult.few(List.of("loop1", "loop2", "loop3", "loop4")));
        assertEquals("loop1, loop2, loop3 and 7 more", RulesService.SaveResult.few(List.of("loop1", "loop2", "loop3", "loop4",
                "loop5", "loop6", "loop7", "loop8", "loop9", "loop10")));
    }

    @Test
    void savingHandsTheHelperADescriptionNeverRuleText() throws Exception {
        RulesService s = service(SDC_REPORT, 0);
        RulesService.SaveResult result = s.set(new Rule(Match.of(Kind.USB), "bfq", 256, null));
        assertEquals("write-rules", helper.args());
        assertEquals("elevator-rules 1\nrule usb bfq read_ahead_kb=256\nend\n", helper.stdin());
        assertEquals("Saved 1 rule in /etc/udev/rules.d/60-elevator.rules. udev is not running here, so the rules apply when a disk"
                + " is next added or the machine restarts. sdc still uses mq-deadline (its rule says bfq).", result.message());
        assertEquals(List.of(new RulesService.SaveResult.DeviceNow("sdc", "usb", "bfq", "mq-deadline")), result.devices());
    }

    @Test
    void aRuleThatMatchesNothingIsAllowedButSaid() throws Exception {
        RulesService s = service("{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"reloaded\"}\n", 0);
        RulesService.SaveResult result = s.set(new Rule(Match.wwn("naa.0000000000000001"), "none"));
        assertEquals("Saved 1 rule in /etc/udev/rules.d/60-elevator.rules. The rule for the disk with WWN naa.0000000000000001"
                + " matches no disk here now; it applies when one appears.", result.message());
    }

    @Test
    void unknownSchedulersAreRefusedBeforeAnyPasswordIsAskedFor() throws Exception {
        RulesService s = service(SDC_REPORT, 0);
        RulesFailedException e = assertThrows(RulesFailedException.class, () -> s.set(new Rule(Match.of(Kind.USB), "cfq")));
        assertTrue(e.getMessage().startsWith("Unknown scheduler 'cfq' in the rule for usb"), e.getMessage());
        assertFalse(helper.ran());
    }

    @Test
    void aForeignFileIsRefusedBeforeAnyPasswordIsAskedFor() throws Exception {
        installed("KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        RulesService s = service(SDC_REPORT, 0);
        assertEquals(ElevatorRulesFile.Status.FOREIGN, s.state().file().status());
        RulesFailedException e = assertThrows(RulesFailedException.class, () -> s.set(new Rule(Match.of(Kind.USB), "bfq")));
        assertEquals("/etc/udev/rules.d/60-elevator.rules was not written by Elevator, so Elevator neither reads nor replaces it."
                + " Move it away (as root) if Elevator should manage that file.", e.getMessage());
        assertFalse(helper.ran());
        assertThrows(RulesFailedException.class, s::removeAll);
        assertFalse(helper.ran());
    }

    @Test
    void theHelpersRefusalIsPassedOnInWords() throws Exception {
        RulesService s = service("", 82);
        RulesFailedException e = assertThrows(RulesFailedException.class, () -> s.set(new Rule(Match.of(Kind.USB), "bfq")));
        assertEquals("The rules were not saved: Refused for a test", e.getMessage());
    }

    @Test
    void useForKindMakesTheRuleForTheDisksKindAndKeepsItsOptions() throws Exception {
        installed(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "bfq", 512, 64)))));
        RulesService s = service(SDC_REPORT, 0);
        s.useForKind(device(s, "sda"), "none");
        assertEquals("elevator-rules 1\nrule ssd none read_ahead_kb=512 nr_requests=64\nend\n", helper.stdin());
        s.useForKind(device(s, "sdc"), "kyber");
        assertEquals("elevator-rules 1\nrule removable kyber\nrule ssd bfq read_ahead_kb=512 nr_requests=64\nend\n", helper.stdin(),
                "the stick's kind is removable, the most specific kind it is of");
    }

    @Test
    void useForThisDeviceNamesItByWwnOrSerial() throws Exception {
        RulesService s = service(SDC_REPORT, 0);
        s.useForThisDevice(device(s, "sda"), "none");
        assertEquals("elevator-rules 1\nrule wwn:naa.5002538f42a1b3c9 none\nend\n", helper.stdin());
        s.useForThisDevice(device(s, "sdc"), "bfq");
        assertEquals("elevator-rules 1\nrule serial:4C530001230914115382 bfq\nend\n", helper.stdin());
        RulesFailedException loop = assertThrows(RulesFailedException.class, () -> s.useForThisDevice(device(s, "loop0"), "bfq"));
        assertTrue(loop.getMessage().startsWith("loop0 has no WWN or serial number"), loop.getMessage());
    }

    @Test
    void aKindRuleSaysWhenAMoreSpecificRuleKeepsTheDisk() throws Exception {
        installed(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.serial("4C530001230914115382"), "bfq")))));
        RulesService s = service(SDC_REPORT, 0);
        RulesService.SaveResult r = s.useForKind(device(s, "sdc"), "none");
        assertTrue(r.message().endsWith("sdc itself follows the rule for the disk with serial number 4C530001230914115382 (bfq),"
                + " which comes first."), r.message());
    }

    @Test
    void aDiskThatHadTheRulesSchedulerAlreadyIsNotSaidToBeChanged() throws Exception {
        RulesService s = service("{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"mq-deadline\",\"active\":\"mq-deadline\"}\n"
                + "{\"device\":\"sda\",\"rule\":\"ssd\",\"scheduler\":\"kyber\",\"active\":\"kyber\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":2,\"udev\":\"reloaded\"}\n", 0);
        RulesService.SaveResult r = s.save(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "mq-deadline"), new Rule(Match.of(Kind.SSD), "kyber"))));
        assertEquals("Saved 2 rules in /etc/udev/rules.d/60-elevator.rules. sda now uses kyber. sdc already used mq-deadline.", r.message(),
                "sdc was on mq-deadline before the save");
    }

    @Test
    void afterASaveEachMatchedDiskIsSaidToHaveTheRulesSchedulerOrTheOtherSetterThatWon() throws Exception {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
        Fixtures.copy(Fixtures.overriders("vendor-rules"), root);
        RulesService s = service("{\"device\":\"sda\",\"rule\":\"ssd\",\"scheduler\":\"kyber\",\"active\":\"kyber\"}\n"
                + "{\"device\":\"sdb\",\"rule\":\"hdd\",\"scheduler\":\"kyber\",\"active\":\"bfq\"}\n"
                + "{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"bfq\",\"active\":\"bfq\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":3,\"udev\":\"reloaded\"}\n", 0);
        RulesService.SaveResult r = s.save(RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "kyber"), new Rule(Match.of(Kind.HDD), "kyber"),
                new Rule(Match.of(Kind.USB), "bfq"))));
        assertEquals("Saved 3 rules in /etc/udev/rules.d/60-elevator.rules. sdc now uses bfq. sda now uses kyber."
                + " sdb still uses bfq (its rule says kyber): udev rule at /usr/lib/udev/rules.d/61-io-scheduler.rules:14 sets bfq on sdb"
                + " when the disk is added, after Elevator's rules."
                + " But TLP at /etc/tlp.d/20-schedulers.conf:3 sets bfq on sda (as ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A) when TLP"
                + " starts, at every change between AC and battery and when a disk is plugged in, after Elevator's rules, so sda does not"
                + " keep kyber.", r.message(), "sdc's bfq is also TLP's and the later file's: nothing to warn of; Fedora's rule runs before Elevator's");
    }

    @Test
    void theConfirmationOfARuleSaysWhereAnotherSetterWillReplaceIt() throws Exception {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
        RulesService s = service(SDC_REPORT, 0);
        RulesService.Plan plan = s.planForKind(device(s, "sda"), "none");
        assertEquals(List.of("TLP at /etc/tlp.d/20-schedulers.conf:3 sets bfq on sda (as ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A)"
                + " when TLP starts, at every change between AC and battery and when a disk is plugged in, after Elevator's rules, so sda"
                + " does not keep none."), plan.overridden());
        assertEquals(List.of(), s.planForKind(device(s, "nvme0n1"), "none").overridden(), "TLP keeps nvme0n1");
    }

    @Test
    void disksOfNoKindAndSchedulersTheyDoNotOfferAreRefused() throws Exception {
        RulesService s = service(SDC_REPORT, 0);
        assertThrows(RulesFailedException.class, () -> s.useForKind(device(s, "zram0"), "none"));
        RulesFailedException e = assertThrows(RulesFailedException.class, () -> s.useForKind(device(s, "sda"), "adios"));
        assertEquals("sda does not offer 'adios'.", e.getMessage());
        assertFalse(helper.ran());
    }

    @Test
    void removingTheLastRuleRemovesTheFile() throws Exception {
        installed(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq")))));
        RulesService s = service("{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"removed\":true,\"udev\":\"not-running\"}\n", 0);
        RulesService.SaveResult r = s.remove(Match.of(Kind.USB));
        assertEquals("remove-rules", helper.args());
        assertTrue(r.message().startsWith("Removed Elevator's rules"), r.message());
        assertThrows(RulesFailedException.class, () -> s.remove(Match.of(Kind.NVME)));
    }
}
