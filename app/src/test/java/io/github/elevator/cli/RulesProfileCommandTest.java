package io.github.elevator.cli;

import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.RulesDescription;
import io.github.elevator.rules.RulesProfile;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code elevator rules export --json} and {@code elevator rules import}: a profile carried from one machine to another. */
class RulesProfileCommandTest {
    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    @TempDir
    Path work;
    RecordingHelper helper;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    @BeforeEach
    void helper() throws Exception {
        helper = new RecordingHelper(helperDir, "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":2,\"udev\":\"not-running\"}\n", 0);
    }

    private int run(String... args) {
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        ElevatorCli cli = new ElevatorCli(() -> devices, () -> null, () -> new RulesService(devices, root));
        return cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private RuleSet installed() throws Exception {
        RuleSet set = RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq", 128, null), new Rule(Match.of(Kind.NVME), "none")));
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, ElevatorRulesFile.render(set));
        return set;
    }

    @Test
    void exportJsonPrintsTheProfile() throws Exception {
        RuleSet set = installed();
        assertEquals(0, run("rules", "export", "--json"));
        assertEquals(RulesProfile.toJson(set) + "\n", out.toString());
    }

    @Test
    void exportTunedPrintsATuneDProfileOnTopOfTheActiveOne() throws Exception {
        installed();
        Files.createDirectories(root.resolve("etc/tuned"));
        Files.writeString(root.resolve("etc/tuned/active_profile"), "virtual-guest\n");
        assertEquals(0, run("rules", "export", "--tuned", "fleet"));
        String profile = out.toString();
        assertTrue(profile.contains("/etc/tuned/fleet/tuned.conf"), profile);
        assertTrue(profile.contains("[main]\nsummary=Elevator's I/O scheduler rules on top of virtual-guest\ninclude=virtual-guest\n"), profile);
        assertTrue(profile.contains("[elevator-usb]\ntype=disk\npriority=-1000\ndevices_udev_regex=^DEVPATH=.*/usb[0-9]+/\nelevator=bfq\nreadahead=128\n"), profile);
        assertTrue(profile.contains("[elevator-nvme]\ntype=disk\npriority=-999\ndevices=nvme*\nelevator=none\n"), profile);
        out.getBuffer().setLength(0);
        assertEquals(0, run("rules", "export", "--tuned"));
        assertTrue(out.toString().contains("/etc/tuned/elevator/tuned.conf"), "the default name");
        assertEquals(1, run("rules", "export", "--tuned", "../etc"));
        assertTrue(err.toString().contains("A TuneD profile name is 1 to 64 letters"), err.toString());
        assertEquals(1, run("rules", "export", "--json", "--tuned"));
    }

    @Test
    void importSavesTheProfileThroughTheHelper() throws Exception {
        RuleSet set = installed();
        assertEquals(0, run("rules", "export", "--json"));
        Path profile = work.resolve("fleet.json");
        Files.writeString(profile, out.toString());
        Files.delete(root.resolve(ElevatorRulesFile.RELATIVE_PATH));
        out.getBuffer().setLength(0);
        assertEquals(0, run("rules", "import", profile.toString()));
        assertEquals("write-rules", helper.args());
        assertEquals(RulesDescription.encode(set), helper.stdin());
        assertTrue(out.toString().startsWith("Saved 2 rules in /etc/udev/rules.d/60-elevator.rules."), out.toString());
    }

    @Test
    void importDryRunShowsTheFileAndSavesNothing() throws Exception {
        Path profile = work.resolve("p.json");
        Files.writeString(profile, RulesProfile.toJson(RuleSet.of(List.of(new Rule(Match.of(Kind.LOOP), "kyber")))));
        assertEquals(0, run("rules", "import", profile.toString(), "--dry-run"));
        assertTrue(out.toString().contains("ATTR{queue/scheduler}=\"kyber\", ENV{ELEVATOR_RULE}=\"loop\""), out.toString());
        assertFalse(helper.ran());
    }

    @Test
    void aBadProfileChangesNothingAndSaysWhy() throws Exception {
        Path profile = work.resolve("bad.json");
        Files.writeString(profile, "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"deadline-ish!\"}]}");
        assertEquals(1, run("rules", "import", profile.toString()));
        assertTrue(err.toString().startsWith("elevator: The profile was refused, nothing was changed: rule 1: Unknown scheduler"), err.toString());
        assertFalse(helper.ran());
        Files.writeString(profile, RulesProfile.toJson(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "madeup")))));
        err.getBuffer().setLength(0);
        assertEquals(1, run("rules", "import", profile.toString()));
        assertTrue(err.toString().contains("Unknown scheduler 'madeup' in the rule for usb"), "the window's check of known schedulers: " + err);
        assertFalse(helper.ran());
        assertEquals(1, run("rules", "import", work.resolve("missing.json").toString()));
        assertFalse(helper.ran());
    }
}
