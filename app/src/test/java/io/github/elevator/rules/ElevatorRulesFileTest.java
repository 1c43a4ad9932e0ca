package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generator against golden files, and the file read back into the same rules. */
class ElevatorRulesFileTest {
    private static final Path GOLDEN = Path.of("src/test/fixtures/rules");

    static List<Rule> everyMatch() throws RulesException {
        return List.of(
                new Rule(Match.of(Kind.LOOP), "none"),
                new Rule(Match.of(Kind.HDD), "bfq", 1024, null),
                new Rule(Match.of(Kind.SSD), "mq-deadline"),
                new Rule(Match.of(Kind.NVME), "none", null, 1023),
                new Rule(Match.of(Kind.VIRTIO), "mq-deadline"),
                new Rule(Match.of(Kind.MMC), "bfq"),
                new Rule(Match.of(Kind.USB), "mq-deadline"),
                new Rule(Match.of(Kind.REMOVABLE), "bfq", 128, 64),
                new Rule(Match.serial("4C530001230914115382"), "kyber"),
                new Rule(Match.wwn("naa.5002538f42a1b3c9"), "none"));
    }

    private static String golden(String name) throws IOException {
        return Files.readString(GOLDEN.resolve(name));
    }

    @Test
    void oneRuleMatchesTheGoldenFile() throws Exception {
        RuleSet set = RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq")));
        assertEquals(golden("usb-bfq.rules"), ElevatorRulesFile.render(set));
    }

    @Test
    void everyKindOfMatchWithOptionsMatchesTheGoldenFile() throws Exception {
        assertEquals(golden("every-match.rules"), ElevatorRulesFile.render(RuleSet.of(everyMatch())));
    }

    static List<Rule> variants() throws RulesException {
        return List.of(
                Rule.of(Match.of(Kind.HDD), "bfq low_latency=0 slice_idle=0", 1024, null),
                Rule.of(Match.of(Kind.USB), "bfq", null, null),
                Rule.of(Match.of(Kind.NVME), "kyber read_lat_nsec=1000000", null, null));
    }

    @Test
    void variantsMatchTheGoldenFile() throws Exception {
        assertEquals(golden("variants.rules"), ElevatorRulesFile.render(RuleSet.of(variants())));
    }

    @Test
    void aVariantsSettingsAreReachedOnlyByItsOwnRuleAndEachOnlyWhereTheFileExists() throws Exception {
        String text = ElevatorRulesFile.render(RuleSet.of(variants()));
        List<String> lines = text.lines().toList();
        int firstLabel = lines.indexOf("LABEL=\"elevator_settings_2\"");
        assertTrue(firstLabel > 0, text);
        assertEquals("GOTO=\"elevator_end\"", lines.get(firstLabel - 3), "nothing falls through into a settings block:\n" + text);
        assertTrue(lines.stream().filter(l -> l.startsWith("ATTR{") || l.contains(", ATTR{queue/iosched/"))
                .filter(l -> l.contains("queue/iosched/")).allMatch(l -> l.startsWith("TEST==\"queue/iosched/")), text);
        assertEquals(3, lines.stream().filter(l -> l.startsWith("TEST==\"queue/iosched/")).count());
        assertTrue(text.contains("ENV{ELEVATOR_RULE}=\"nvme\", GOTO=\"elevator_settings_2\""), text);
        assertTrue(text.contains("ENV{ELEVATOR_RULE}=\"usb\", GOTO=\"elevator_end\""), text);
    }

    @Test
    void aFileWithoutVariantsIsWrittenAsBefore() throws Exception {
        assertFalse(ElevatorRulesFile.render(RuleSet.of(everyMatch())).contains("elevator_settings"));
    }

    @Test
    void noRulesMatchesTheGoldenFile() throws Exception {
        assertEquals(golden("empty.rules"), ElevatorRulesFile.render(RuleSet.EMPTY));
    }

    @Test
    void theOrderRulesWereMadeInDoesNotChangeTheFile() throws Exception {
        List<Rule> shuffled = new ArrayList<>(everyMatch());
        Collections.shuffle(shuffled, new java.util.Random(4));
        assertEquals(golden("every-match.rules"), ElevatorRulesFile.render(RuleSet.of(shuffled)));
    }

    @Test
    void everyRuleCarriesTheGuardsAndEndsTheSearch() throws Exception {
        String text = ElevatorRulesFile.render(RuleSet.of(everyMatch()));
        long rules = text.lines().filter(l -> l.contains("ENV{ELEVATOR_RULE}")).count();
        assertEquals(10, rules);
        assertEquals(rules, text.lines().filter(l -> l.equals("ACTION==\"add|change\", SUBSYSTEM==\"block\", ENV{DEVTYPE}==\"disk\", \\")).count());
        assertEquals(rules, text.lines().filter(l -> l.endsWith("GOTO=\"elevator_end\"")).count());
        assertTrue(text.endsWith("\nLABEL=\"elevator_end\"\n"));
        assertTrue(text.startsWith(ElevatorRulesFile.MARKER + "\n"));
        assertTrue(text.contains("elevator rules remove --all"), "the header says how to remove it");
    }

    @Test
    void rulesMatchWholeDisksOnlyAndOnlyWhereTheSchedulerIsOffered() throws Exception {
        String text = ElevatorRulesFile.render(RuleSet.of(everyMatch()));
        for (String block : text.split("\n\n")) {
            if (!block.contains("ENV{ELEVATOR_RULE}")) continue;
            assertTrue(block.contains("ENV{DEVTYPE}==\"disk\""), "never a partition: " + block);
            String scheduler = block.replaceAll("(?s).*ATTR\\{queue/scheduler\\}=\"([a-z-]+)\".*", "$1");
            assertTrue(block.contains("ATTR{queue/scheduler}==\"" + ElevatorRulesFile.offersGuard(scheduler) + "\""), block);
        }
    }

    @Test
    void onlyMqDeadlineRulesReachHostManagedZonedDisks() throws Exception {
        String text = ElevatorRulesFile.render(RuleSet.of(everyMatch()));
        for (String block : text.split("\n\n")) {
            if (!block.contains("ENV{ELEVATOR_RULE}")) continue;
            boolean deadline = block.contains("ATTR{queue/scheduler}=\"mq-deadline\"");
            assertEquals(!deadline, block.contains("  ATTR{queue/zoned}!=\"host-managed\", \\\n"), block);
        }
    }

    @Test
    void theGuardListsTheSchedulerAsAWholeWordOnly() {
        assertEquals("bfq|bfq[] ]*|*[ []bfq|*[ []bfq[] ]*", ElevatorRulesFile.offersGuard("bfq"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"usb-bfq.rules", "every-match.rules", "empty.rules", "variants.rules"})
    void goldenFilesReadBackAsElevatorsOwn(String name) throws Exception {
        String text = golden(name);
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(text);
        assertEquals(ElevatorRulesFile.Status.OURS, parsed.status(), parsed.problems().toString());
        assertEquals(text, ElevatorRulesFile.render(parsed.rules()));
    }

    @Test
    void variantsSurviveTheRoundTrip() throws Exception {
        RuleSet set = RuleSet.of(variants());
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(ElevatorRulesFile.render(set));
        assertEquals(ElevatorRulesFile.Status.OURS, parsed.status(), parsed.problems().toString());
        assertEquals(set, parsed.rules());
    }

    @Test
    void aSettingEditedByHandIsReadAsWrittenAndTheFileCountsAsEdited() throws Exception {
        String edited = ElevatorRulesFile.render(RuleSet.of(variants())).replace("ATTR{queue/iosched/low_latency}=\"0\"", "ATTR{queue/iosched/low_latency}=\"1\"");
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(edited);
        assertEquals(ElevatorRulesFile.Status.EDITED, parsed.status());
        assertTrue(parsed.rules().rules().stream().anyMatch(r -> r.variant().equals("bfq low_latency=1 slice_idle=0")), parsed.rules().toString());
    }

    @Test
    void rulesSurviveTheRoundTrip() throws Exception {
        RuleSet set = RuleSet.of(everyMatch());
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(ElevatorRulesFile.render(set));
        assertEquals(ElevatorRulesFile.Status.OURS, parsed.status());
        assertEquals(set, parsed.rules());
        assertEquals(List.of(), parsed.problems());
    }

    @Test
    void noFileMeansNoRules() {
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(null);
        assertEquals(ElevatorRulesFile.Status.ABSENT, parsed.status());
        assertTrue(parsed.rules().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "ACTION==\"add\", KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n",
            "",
            "# Written by Elevator\n",
            "\n" + ElevatorRulesFile.MARKER + "\n"})
    void aFileWithoutTheMarkerIsForeignAndYieldsNothing(String text) {
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(text);
        assertEquals(ElevatorRulesFile.Status.FOREIGN, parsed.status());
        assertTrue(parsed.rules().isEmpty());
    }

    @Test
    void aHandEditedFileKeepsTheRulesItCanReadAndSaysSo() throws Exception {
        String text = golden("every-match.rules")
                .replace("ATTR{queue/scheduler}=\"kyber\", ENV", "ATTR{queue/scheduler}=\"bfq\", ENV")
                .replace("LABEL=\"elevator_end\"", "KERNEL==\"sda\", ATTR{queue/scheduler}=\"none\"\nLABEL=\"elevator_end\"");
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(text);
        assertEquals(ElevatorRulesFile.Status.EDITED, parsed.status());
        assertEquals(10, parsed.rules().rules().size());
        assertEquals("bfq", parsed.rules().find(Match.serial("4C530001230914115382")).scheduler());
        assertFalse(parsed.problems().isEmpty());
    }

    @Test
    void anUnreadableRuleLineIsNamedAndLeftOut() throws Exception {
        String text = golden("usb-bfq.rules").replace("ENV{ELEVATOR_RULE}=\"usb\"", "ENV{ELEVATOR_RULE}=\"usbb\"");
        ElevatorRulesFile.Parsed parsed = ElevatorRulesFile.parse(text);
        assertEquals(ElevatorRulesFile.Status.EDITED, parsed.status());
        assertTrue(parsed.rules().isEmpty());
        assertTrue(parsed.problems().get(0).startsWith("line 24: Unknown kind 'usbb'"), parsed.problems().toString());
    }
}
