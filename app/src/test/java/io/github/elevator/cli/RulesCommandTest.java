package io.github.elevator.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.elevator.app.RulesService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.RecordingHelper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code elevator rules ...} on the copied workstation, a made-up /etc and a recording helper. */
class RulesCommandTest {
    @TempDir
    Path root;
    @TempDir
    Path helperDir;
    RecordingHelper helper;
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    @BeforeEach
    void helper() throws Exception {
        helper = new RecordingHelper(helperDir, "{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"bfq\",\"active\":\"bfq\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"reloaded\"}\n", 0);
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        SchedulerService devices = new SchedulerService(new BlockDeviceScanner(Fixtures.workstation()), new HelperRunner(helper.path(), true));
        ElevatorCli cli = new ElevatorCli(() -> devices, () -> null, () -> new RulesService(devices, root));
        return cli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void installed(String text) throws Exception {
        Path file = root.resolve(ElevatorRulesFile.RELATIVE_PATH);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private void installed(Rule... rules) throws Exception {
        installed(ElevatorRulesFile.render(RuleSet.of(List.of(rules))));
    }

    @Test
    void listWithoutRulesSaysHowToAddOne() {
        assertEquals(0, run("rules", "list"));
        assertEquals("No rules yet: /etc/udev/rules.d/60-elevator.rules does not exist.\n\n"
                + "No rules. Add one with: elevator rules set MATCH SCHEDULER\n", out.toString());
    }

    @Test
    void listShowsEachRuleWithTheDisksItMatchesAndTheOtherSetters() throws Exception {
        installed(new Rule(Match.of(Kind.USB), "bfq", 128, null), new Rule(Match.of(Kind.NVME), "none"),
                new Rule(Match.wwn("naa.0000000000000001"), "kyber"));
        Files.createDirectories(root.resolve("usr/lib/udev/rules.d"));
        Files.writeString(root.resolve("usr/lib/udev/rules.d/60-ioschedulers.rules"), "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        assertEquals(0, run("rules", "list"));
        String text = out.toString();
        assertTrue(text.startsWith("MATCH                            SCHEDULER    READ-AHEAD NR_REQUESTS DISKS NOW\n"
                + "wwn:naa.0000000000000001         kyber        -          -           (none now)\n"
                + "usb                              bfq          128 KiB    -           sdc\n"
                + "nvme                             none         -          -           nvme0n1\n"), text);
        assertTrue(text.contains("\nAlso setting schedulers:\n  /usr/lib/udev/rules.d/60-ioschedulers.rules:1 — udev rule sets bfq."
                + " Here: sda: bfq; sdb: bfq; sdc: bfq. It runs after Elevator's rules, so it wins on the disks it matches.\n"), text);
        assertTrue(text.contains("\nDisks that differ from Elevator's rules:\n  sdc: Elevator's rule for every USB device says bfq,"
                + " but sdc uses mq-deadline"), text);
    }

    @Test
    void listJsonHasRulesDevicesOverridersAndWarnings() throws Exception {
        installed(new Rule(Match.of(Kind.USB), "bfq"));
        assertEquals(0, run("rules", "list", "--json"));
        JsonObject o = JsonParser.parseString(out.toString()).getAsJsonObject();
        assertEquals("/etc/udev/rules.d/60-elevator.rules", o.get("file").getAsString());
        assertEquals("ours", o.get("status").getAsString());
        assertEquals(JsonParser.parseString("[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"readAheadKb\":null,\"nrRequests\":null,"
                + "\"devices\":[\"sdc\"]}]"), o.get("rules"));
        assertEquals(0, o.getAsJsonArray("overriders").size());
        assertEquals("sdc", o.getAsJsonArray("warnings").get(0).getAsJsonObject().get("device").getAsString());
    }

    @Test
    void listJsonNamesTlpWithFileLineAndWhatItDoesToEachDiskAndTheWarningItCauses() throws Exception {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
        installed(new Rule(Match.of(Kind.SSD), "mq-deadline"));
        assertEquals(0, run("rules", "list", "--json"));
        JsonObject o = JsonParser.parseString(out.toString()).getAsJsonObject();
        JsonObject tlp = o.getAsJsonArray("overriders").get(0).getAsJsonObject();
        assertEquals("tlp", tlp.get("source").getAsString());
        assertEquals("/etc/tlp.d/20-schedulers.conf", tlp.get("file").getAsString());
        assertEquals(3, tlp.get("line").getAsInt());
        assertTrue(tlp.get("afterElevator").getAsBoolean());
        assertEquals(JsonParser.parseString("[{\"device\":\"sda\",\"scheduler\":\"bfq\",\"certain\":true,"
                + "\"as\":\"ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A\"},{\"device\":\"sdc\",\"scheduler\":\"bfq\",\"certain\":true,"
                + "\"as\":\"usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1\"}]"), tlp.get("disks"));
        JsonObject warning = o.getAsJsonArray("warnings").get(0).getAsJsonObject();
        assertEquals("sda", warning.get("device").getAsString());
        assertEquals("/etc/tlp.d/20-schedulers.conf:3", warning.get("overrider").getAsString());
        assertEquals("mq-deadline comes from Elevator's rule for every SATA/SAS SSD. But TLP at /etc/tlp.d/20-schedulers.conf:3 sets bfq"
                + " on sda (as ata-Samsung_SSD_870_EVO_1TB_S6PXNM0T612345A) when TLP starts, at every change between AC and battery and"
                + " when a disk is plugged in, after Elevator's rules, so sda does not keep mq-deadline.", warning.get("message").getAsString());
    }

    @Test
    void setSaysForEachMatchedDiskWhetherItHasTheRulesSchedulerAndWhichOtherSetterWon() throws Exception {
        Fixtures.copy(Fixtures.overriders("tlp-laptop"), root);
        helper = new RecordingHelper(helperDir, "{\"device\":\"sdc\",\"rule\":\"usb\",\"scheduler\":\"none\",\"active\":\"bfq\"}\n"
                + "{\"file\":\"/etc/udev/rules.d/60-elevator.rules\",\"rules\":1,\"udev\":\"reloaded\"}\n", 0);
        assertEquals(0, run("rules", "set", "usb", "none"), err.toString());
        assertEquals("Saved 1 rule in /etc/udev/rules.d/60-elevator.rules. sdc still uses bfq (its rule says none): TLP at"
                + " /etc/tlp.d/20-schedulers.conf:3 sets bfq on sdc (as usb-SanDisk_Cruzer_Blade_4C530001230914115382-0:0-part1) when TLP"
                + " starts, at every change between AC and battery and when a disk is plugged in, after Elevator's rules.\n", out.toString());
    }

    @Test
    void setSavesThroughTheHelperAndSaysWhatChanged() throws Exception {
        assertEquals(0, run("rules", "set", "usb", "bfq", "--nr-requests", "64"), err.toString());
        assertEquals("elevator-rules 1\nrule usb bfq nr_requests=64\nend\n", helper.stdin());
        assertEquals("Saved 1 rule in /etc/udev/rules.d/60-elevator.rules. sdc now uses bfq.\n", out.toString());
    }

    @Test
    void setDryRunPrintsTheFileAndWritesNothing() throws Exception {
        installed(new Rule(Match.of(Kind.NVME), "none"));
        assertEquals(0, run("rules", "set", "usb", "bfq", "--dry-run"), err.toString());
        assertEquals(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.NVME), "none"), new Rule(Match.of(Kind.USB), "bfq")))),
                out.toString());
        assertFalse(helper.ran());
    }

    @ParameterizedTest
    @ValueSource(strings = {"usbstick|bfq|Unknown kind 'usbstick'", "wwn:a\"b|bfq|Malformed wwn: 'a\"b'",
            "serial:a b|bfq|Malformed serial: 'a b'", "usb|cfq|Unknown scheduler 'cfq' in the rule for usb",
            "usb|bf\"q|Unknown scheduler 'bf\"q'", "serial:x\ny|bfq|Malformed serial: 'x?y'"})
    void badInputIsOneClearLineAndNoPasswordPrompt(String input) {
        String[] f = input.split("\\|");
        assertEquals(1, run("rules", "set", f[0], f[1]));
        assertTrue(err.toString().startsWith("elevator: " + f[2]), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertFalse(helper.ran());
    }

    @Test
    void outOfRangeOptionsAreRefused() {
        assertEquals(1, run("rules", "set", "usb", "bfq", "--nr-requests", "1"));
        assertEquals("elevator: nr_requests must be between 4 and 2048, not 1.\n", err.toString());
        assertFalse(helper.ran());
    }

    @Test
    void aForeignFileIsNeitherReplacedNorExported() throws Exception {
        installed("KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        assertEquals(1, run("rules", "set", "usb", "bfq"));
        assertTrue(err.toString().startsWith("elevator: /etc/udev/rules.d/60-elevator.rules was not written by Elevator"), err.toString());
        assertEquals(1, run("rules", "export"));
        assertEquals(1, run("rules", "remove", "--all"));
        assertFalse(helper.ran());
    }

    @Test
    void removeNeedsOneMatchOrAll() throws Exception {
        installed(new Rule(Match.of(Kind.USB), "bfq"), new Rule(Match.of(Kind.NVME), "none"));
        assertEquals(1, run("rules", "remove"));
        assertEquals(1, run("rules", "remove", "usb", "--all"));
        assertFalse(helper.ran());
        assertEquals(0, run("rules", "remove", "usb"));
        assertEquals("elevator-rules 1\nrule nvme none\nend\n", helper.stdin());
        assertEquals(0, run("rules", "remove", "--all"));
        assertEquals("remove-rules", helper.args());
    }

    @Test
    void exportPrintsTheFile() throws Exception {
        installed(new Rule(Match.of(Kind.USB), "bfq"));
        assertEquals(0, run("rules", "export"));
        assertEquals(Files.readString(Path.of("src/test/fixtures/rules/usb-bfq.rules")), out.toString());
    }

    // A rules file Elevator cannot read whole, as the faults were found: 'rules list', then 'rules set loop kyber'.
    // Saving never drops a rule it could not read: it refuses, naming the file and the line, and asks nothing of the helper.
    static final String REFUSED_TO_DROP = "elevator: The rules were not saved: Elevator cannot read /etc/udev/rules.d/60-elevator.rules, line ";

    private void installedBytes(byte[] bytes) throws Exception {
        installed("");
        Files.write(root.resolve(ElevatorRulesFile.RELATIVE_PATH), bytes);
    }

    private static String rendered(Rule... rules) throws Exception {
        return ElevatorRulesFile.render(RuleSet.of(List.of(rules)));
    }

    private static int lineOf(String text, String part) {
        return (int) text.substring(0, text.indexOf(part)).chars().filter(c -> c == '\n').count() + 1;
    }

    @Test
    void aRuleCutShortIsNamedAndTheSaveRefused() throws Exception {
        String whole = rendered(new Rule(Match.serial("ABC123"), "bfq"), new Rule(Match.of(Kind.NVME), "none"));
        String cut = whole.substring(0, whole.indexOf("  ATTR{queue/scheduler}==\"bfq"));
        installed(cut);

        assertEquals(0, run("rules", "list"));
        assertTrue(out.toString().contains("it cannot read /etc/udev/rules.d/60-elevator.rules, line "
                + lineOf(cut, "ACTION==") + ": 'ACTION=="), out.toString());

        assertEquals(1, run("rules", "set", "loop", "kyber"));
        assertTrue(err.toString().startsWith(REFUSED_TO_DROP + lineOf(cut, "ACTION==") + ": 'ACTION==\"add|change\""), err.toString());
        assertTrue(err.toString().contains("(and 1 more line)"), "the serial line as well: " + err);
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertFalse(helper.ran(), "nothing was written");
        assertEquals(cut, Files.readString(root.resolve(ElevatorRulesFile.RELATIVE_PATH)));
    }

    @Test
    void aCutAtARuleBoundaryThatLosesAVariantsSettingsIsRefused() throws Exception {
        String whole = rendered(Rule.of(Match.of(Kind.USB), "bfq low_latency=0", null, null), new Rule(Match.of(Kind.NVME), "none"));
        String cut = whole.substring(0, whole.indexOf("\nGOTO=\"elevator_end\"\n") + 1);
        installed(cut);

        assertEquals(1, run("rules", "set", "loop", "kyber"));
        assertTrue(err.toString().startsWith(REFUSED_TO_DROP + lineOf(cut, "ENV{ELEVATOR_RULE}=\"usb\"")
                + ": 'ATTR{queue/scheduler}=\"bfq\", ENV{ELEVATOR_RULE}=\"usb\", GOTO=\"elevator_settings_1\"'"), err.toString());
        assertFalse(helper.ran());
    }

    @Test
    void aSerialThatIsNotUtf8IsNamedNotHidden() throws Exception {
        String text = rendered(new Rule(Match.serial("SERIALXX"), "bfq"), new Rule(Match.of(Kind.NVME), "none"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(text.getBytes(StandardCharsets.UTF_8));
        byte[] raw = bytes.toByteArray();
        String marker = "SERIALXX";
        // the serial's last two letters become bytes that are not UTF-8, in the match and in the rule's name alike
        for (int at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
            raw[at + 6] = (byte) 0xff;
            raw[at + 7] = (byte) 0xfe;
        }
        installedBytes(raw);

        assertEquals(0, run("rules", "list"));
        assertTrue(out.toString().contains("line " + lineOf(text, "ATTRS{serial}")), out.toString());
        assertEquals(1, run("rules", "set", "loop", "kyber"));
        assertTrue(err.toString().startsWith(REFUSED_TO_DROP + lineOf(text, "ATTRS{serial}")), err.toString());
        assertFalse(helper.ran());
        assertEquals(1, run("rules", "remove", "nvme"), "removing another rule would drop it too");
        assertFalse(helper.ran());
    }

    @Test
    void editedCommentsAndACutEndDoNotStopASaveAndRemovingEveryRuleStillWorks() throws Exception {
        String whole = rendered(new Rule(Match.of(Kind.NVME), "none"));
        String edited = whole.replace("# rule nvme none", "# my own note").replace("LABEL=\"elevator_end\"\n", "");
        installed(edited);
        assertEquals(0, run("rules", "set", "loop", "kyber"), err.toString());
        assertTrue(helper.stdin().contains("rule nvme none"), helper.stdin());

        String cut = whole.substring(0, whole.indexOf("  ATTR{queue/scheduler}=\"none\""));
        installed(cut);
        assertEquals(0, run("rules", "remove", "--all"), "asked for in so many words: " + err);
        assertEquals("remove-rules", helper.args().strip());
    }
}
