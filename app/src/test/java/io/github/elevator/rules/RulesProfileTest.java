package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules profiles: written and read back unchanged, and anything that would not pass the window's checks refused. */
class RulesProfileTest {

    @Test
    void everyKindOfRuleSurvivesTheRoundTrip() throws Exception {
        RuleSet set = RuleSet.of(ElevatorRulesFileTest.everyMatch());
        assertEquals(set, RulesProfile.parse(RulesProfile.toJson(set)));
        RuleSet variants = RuleSet.of(ElevatorRulesFileTest.variants());
        assertEquals(variants, RulesProfile.parse(RulesProfile.toJson(variants)));
        assertEquals(RuleSet.EMPTY, RulesProfile.parse(RulesProfile.toJson(RuleSet.EMPTY)));
    }

    @Test
    void theDocumentNamesItsFormatAndLeavesOutOptionsNotSet() throws Exception {
        String json = RulesProfile.toJson(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq"),
                new Rule(Match.wwn("naa.5002538f42a1b3c9"), "none", 128, 64))));
        assertEquals("{\n  \"format\": \"elevator-rules\",\n  \"version\": 1,\n  \"rules\": [\n"
                + "    {\n      \"match\": \"wwn:naa.5002538f42a1b3c9\",\n      \"scheduler\": \"none\",\n      \"readAheadKb\": 128,\n      \"nrRequests\": 64\n    },\n"
                + "    {\n      \"match\": \"usb\",\n      \"scheduler\": \"bfq\"\n    }\n  ]\n}", json);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "[]",
            "not json",
            "{\"format\":\"tuned\",\"version\":1,\"rules\":[]}",
            "{\"format\":\"elevator-rules\",\"version\":2,\"rules\":[]}",
            "{\"format\":\"elevator-rules\",\"version\":1}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[],\"extra\":1}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"shell\":\"rm -rf /\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"floppy\",\"scheduler\":\"bfq\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"wwn:a\\\"b\",\"scheduler\":\"bfq\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\\\", RUN+=\\\"/bin/sh\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"readAheadKb\":-1}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"nrRequests\":1.5}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"nrRequests\":\"64\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\",\"nrRequests\":99999}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\"},{\"match\":\"usb\",\"scheduler\":\"none\"}]}",
            "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[\"usb bfq\"]}"})
    void anythingTheWindowWouldRefuseIsRefused(String text) {
        RulesException e = assertThrows(RulesException.class, () -> RulesProfile.parse(text));
        assertTrue(!e.getMessage().isBlank());
    }

    @Test
    void theRefusalNamesTheRule() {
        RulesException e = assertThrows(RulesException.class, () -> RulesProfile.parse(
                "{\"format\":\"elevator-rules\",\"version\":1,\"rules\":[{\"match\":\"usb\",\"scheduler\":\"bfq\"},{\"match\":\"floppy\",\"scheduler\":\"bfq\"}]}"));
        assertTrue(e.getMessage().startsWith("rule 2: Unknown kind 'floppy'"), e.getMessage());
    }

    @Test
    void tooLargeAProfileIsRefused() {
        assertThrows(RulesException.class, () -> RulesProfile.parse(" ".repeat(RulesProfile.MAX_BYTES + 1)));
    }
}
