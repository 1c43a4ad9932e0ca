package io.github.elevator.ui.rules;

import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules view-model on the calling thread, over the copied workstation, a made-up /etc and a recording helper. */
class RulesViewModelTest {
    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    RecordingHelper helper;
    DeviceListViewModel devices;
    RulesViewModel model;

    @BeforeEach
    void setUp() throws Exception {
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.HDD), "none")))));
        helper = new RecordingHelper(helperDir, "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":2,\"udev\":\"reloaded\"}\n", 0);
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        devices = new DeviceListViewModel(service, TaskRunner.immediate());
        devices.refresh();
        model = new RulesViewModel(new RulesService(service, root), TaskRunner.immediate(), devices);
        model.refresh();
    }

    private DeviceRow row(String name) {
        return devices.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    private MatchChoice choice(String label) {
        return model.matchChoices().stream().filter(c -> c.label().equals(label)).findFirst().orElseThrow();
    }

    @Test
    void showsTheSavedRulesWithTheDisksTheyMatchAndThePreview() {
        assertEquals(1, model.items().size());
        assertEquals("every SATA/SAS hard disk", model.items().get(0).appliesTo());
        assertEquals("sdb", model.items().get(0).devices());
        assertEquals(ElevatorRulesFile.render(model.draft()), model.previewProperty().get());
        assertFalse(model.dirtyProperty().get());
        assertEquals("", model.noticeProperty().get());
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq"), model.schedulerChoices());
    }

    @Test
    void exportsTheShownRulesForTuneDAndSaysSoWhenTuneDRunsHere(@TempDir Path out) throws Exception {
        assertEquals("", model.tunedNoticeProperty().get(), "no TuneD here: nothing to say about it");
        Files.createDirectories(root.resolve("etc/tuned"));
        Files.writeString(root.resolve("etc/tuned/active_profile"), "throughput-performance\n");
        model.refresh();
        assertEquals("", model.tunedNoticeProperty().get(), "a profile chosen, but TuneD neither runs nor starts at boot");
        Files.createDirectories(root.resolve("etc/rc2.d"));
        Files.writeString(root.resolve("etc/rc2.d/S01tuned"), "");
        model.refresh();
        assertTrue(model.tunedNoticeProperty().get().contains("profile throughput-performance"), model.tunedNoticeProperty().get());
        assertTrue(model.tunedNoticeProperty().get().contains("a TuneD profile is the way to keep the choice on this machine"));
        Path file = out.resolve("tuned.conf");
        model.exportTuned(file);
        String profile = Files.readString(file);
        assertTrue(profile.contains("include=throughput-performance\n"), profile);
        assertTrue(profile.contains("[elevator-hdd]\ntype=disk\npriority=-1000\ndevices_udev_regex=(?i)^ID_WWN(_WITH_EXTENSION)?=(0x50014ee2b8c4d7e1)$\nelevator=none\n"), profile);
        assertEquals("Saved the TuneD profile in " + file + ". As root: copy it to /etc/tuned/elevator/tuned.conf and run 'tuned-adm profile elevator'.",
                model.messageProperty().get());
        model.exportTuned(out.resolve("no/such/folder/tuned.conf"));
        assertTrue(model.messageProperty().get().startsWith("Could not save the TuneD profile: "), model.messageProperty().get());
    }

    @Test
    void marksEachDeviceRowWithItsRule() {
        assertEquals("⚠ hdd: none", row("sdb").ruleStatusProperty().get().mark());
        assertTrue(row("sdb").ruleStatusProperty().get().warning());
        assertEquals("", row("sda").ruleStatusProperty().get().mark());
        assertEquals(Kind.SSD, row("sda").ruleStatusProperty().get().kind());
    }

    @Test
    void anOtherSetterThatWillReplaceARuleMarksTheRowAndItsTooltipNamesIt() throws Exception {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
        Files.writeString(root.resolve(ElevatorRulesFile.RELATIVE_PATH), ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.SSD), "mq-deadline")))));
        model.refresh();
        var sda = row("sda").ruleStatusProperty().get();
        assertEquals("⚠ ssd", sda.mark(), "sda has the rule's mq-deadline now, but TLP replaces it");
        assertTrue(sda.warning());
        assertTrue(sda.text().contains("But TLP at /etc/tlp.d/20-schedulers.conf:3 sets bfq on sda"), sda.text());
        assertEquals(1, model.overriders().size());
        assertTrue(model.overriders().get(0).text().startsWith("/etc/tlp.d/20-schedulers.conf:3 — TLP sets schedulers. Here: sda"),
                model.overriders().get(0).text());
    }

    @Test
    void offersEveryKindAndEachDiskThatCanBeNamedAlone() {
        List<String> labels = model.matchChoices().stream().map(MatchChoice::label).toList();
        assertEquals("every removable device (removable)", labels.get(0));
        assertTrue(labels.contains("sda Samsung SSD 870 only (wwn:naa.5002538f42a1b3c9)"), labels.toString());
        assertTrue(labels.contains("sdc Cruzer Blade only (serial:4C530001230914115382)"), labels.toString());
        assertFalse(labels.stream().anyMatch(l -> l.startsWith("zram0") || l.startsWith("loop0")), labels.toString());
    }

    @Test
    void theEditorSaysWhatItMatchesAndAddsToTheDraftOnly() throws Exception {
        model.editorMatchProperty().set(choice("every USB device (usb)"));
        assertEquals("Matches now: sdc (Cruzer Blade)", model.editorMatchesProperty().get());
        model.editorSchedulerProperty().set("bfq");
        model.editorReadAheadProperty().set("256");
        model.addFromEditor();
        assertEquals(2, model.items().size());
        assertTrue(model.dirtyProperty().get());
        assertTrue(model.previewProperty().get().contains("ATTR{queue/read_ahead_kb}=\"256\", ENV{ELEVATOR_RULE}=\"usb\""));
        assertEquals("Added the rule for every USB device: bfq, read-ahead 256 KiB. Save to write it.", model.messageProperty().get());
        assertFalse(helper.ran());

        model.editorMatchProperty().set(choice("every NVMe drive (nvme)"));
        model.editorSchedulerProperty().set("kyber");
        model.editorReadAheadProperty().set("");
        model.addFromEditor();
        assertTrue(model.messageProperty().get().startsWith("Added the rule for every NVMe drive: kyber."), model.messageProperty().get());

        model.revert();
        assertEquals(1, model.items().size());
        assertFalse(model.dirtyProperty().get());
    }

    @Test
    void badEditorInputIsSaidAndChangesNothing() {
        model.editorMatchProperty().set(choice("every USB device (usb)"));
        model.editorSchedulerProperty().set("bfq");
        model.editorNrRequestsProperty().set("lots");
        model.addFromEditor();
        assertEquals("nr_requests must be a whole number, or empty for the kernel's default.", model.messageProperty().get());
        model.editorNrRequestsProperty().set("1");
        model.addFromEditor();
        assertEquals("nr_requests must be between 4 and 2048, not 1.", model.messageProperty().get());
        model.editorNrRequestsProperty().set("");
        model.editorSchedulerProperty().set("cfq");
        model.addFromEditor();
        assertTrue(model.messageProperty().get().startsWith("Unknown scheduler 'cfq'"), model.messageProperty().get());
        assertEquals(1, model.items().size());
    }

    @Test
    void editLoadsARuleAndRemoveTakesItOut() {
        model.edit(model.items().get(0));
        assertEquals(Match.of(Kind.HDD), model.editorMatchProperty().get().match());
        assertEquals("none", model.editorSchedulerProperty().get());
        model.remove(model.items().get(0));
        assertTrue(model.items().isEmpty());
        assertTrue(model.dirtyProperty().get());
    }

    @Test
    void saveWritesTheDraftThroughTheHelperAndSaysWhatHappened() throws Exception {
        model.editorMatchProperty().set(choice("every USB device (usb)"));
        model.editorSchedulerProperty().set("bfq");
        model.addFromEditor();
        model.save();
        assertEquals("elevator-rules 1\nrule usb bfq\nrule hdd none\nend\n", helper.stdin());
        assertEquals("Saved 2 rules in /etc/udev/rules.d/60-elevator.rules.", model.messageProperty().get());
        assertEquals(model.messageProperty().get(), devices.statusProperty().get());
    }

    @Test
    void useForKindAndForThisDeviceSaveAtOnce() throws Exception {
        model.useForKind(row("sda"), "mq-deadline");
        assertEquals("elevator-rules 1\nrule ssd mq-deadline\nrule hdd none\nend\n", helper.stdin());
        model.useForThisDevice(row("nvme0n1"), "none");
        assertEquals("elevator-rules 1\nrule wwn:eui.002538b21190a1c4 none\nrule hdd none\nend\n", helper.stdin());
        model.useForThisDevice(row("loop0"), "none");
        assertTrue(devices.statusProperty().get().startsWith("loop0 has no WWN or serial number"), devices.statusProperty().get());
        assertFalse(model.busyProperty().get());
    }
}
