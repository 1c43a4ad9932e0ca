package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RulesDescriptionTest {
    @Test
    void encodesAndDecodesEveryField() throws Exception {
        RuleSet set = RuleSet.of(ElevatorRulesFileTest.everyMatch());
        String text = RulesDescription.encode(set);
        assertTrue(text.startsWith("elevator-rules 1\nrule wwn:naa.5002538f42a1b3c9 none\nrule serial:4C530001230914115382 kyber\n"
                + "rule removable bfq read_ahead_kb=128 nr_requests=64\n"), text);
        assertTrue(text.endsWith("rule loop none\nend\n"), text);
        assertEquals(set, RulesDescription.decode(text));
    }

    @Test
    void aVariantTravelsWithItsSettingsBeforeTheQueuesOwn() throws Exception {
        RuleSet set = RuleSet.of(ElevatorRulesFileTest.variants());
        String text = RulesDescription.encode(set);
        assertTrue(text.contains("rule hdd bfq low_latency=0 slice_idle=0 read_ahead_kb=1024\n"), text);
        assertEquals(set, RulesDescription.decode(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "elevator-rules 1\nrule usb bfq read_ahead_kb=128 low_latency=0\nend\n",
            "elevator-rules 1\nrule usb kyber low_latency=0\nend\n",
            "elevator-rules 1\nrule usb bfq low_latency=2\nend\n",
            "elevator-rules 1\nrule usb bfq low_latency=0 low_latency=1\nend\n",
            "elevator-rules 1\nrule usb bfq iosched/low_latency=0\nend\n",
            "elevator-rules 1\nrule usb bfq ../../scheduler=1\nend\n",
            "elevator-rules 1\nrule usb bfq low_latency=0  slice_idle=0\nend\n",
            "elevator-rules 1\nrule usb bfq low_latency=0 slice_idle=0 back_seek_max=1 max_budget=0\nend\n"})
    void refusesAVariantOutsideTheFormat(String text) {
        assertThrows(RulesException.class, () -> RulesDescription.decode(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "rule usb bfq\nend\n",
            "elevator-rules 2\nrule usb bfq\nend\n",
            "elevator-rules 1\nrule usb bfq\n",
            "elevator-rules 1\nrule usb bfq\nend",
            "elevator-rules 1\nrule usb bfq\nend\n\n",
            "elevator-rules 1\r\nrule usb bfq\r\nend\r\n",
            "elevator-rules 1\nrule usb  bfq\nend\n",
            "elevator-rules 1\nrule usb bfq \nend\n",
            "elevator-rules 1\nrule usb\nend\n",
            "elevator-rules 1\nrule usb bfq extra\nend\n",
            "elevator-rules 1\nrule usbb bfq\nend\n",
            "elevator-rules 1\nrule usb BFQ\nend\n",
            "elevator-rules 1\nrule usb \"bfq\"\nend\n",
            "elevator-rules 1\nrule usb bfq\"\nend\n",
            "elevator-rules 1\nrule wwn:\"x\" bfq\nend\n",
            "elevator-rules 1\nrule serial:a\",RUN+=\"/bin/sh bfq\nend\n",
            "elevator-rules 1\nrule usb bfq nr_requests=64 read_ahead_kb=128\nend\n",
            "elevator-rules 1\nrule usb bfq read_ahead_kb=-1\nend\n",
            "elevator-rules 1\nrule usb bfq read_ahead_kb=+1\nend\n",
            "elevator-rules 1\nrule usb bfq read_ahead_kb=99999999\nend\n",
            "elevator-rules 1\nrule usb bfq read_ahead_kb=70000\nend\n",
            "elevator-rules 1\nrule usb bfq nr_requests=3\nend\n",
            "elevator-rules 1\nrule usb bfq nr_requests=\nend\n",
            "elevator-rules 1\nrule usb bfq read_ahead_kb=1 read_ahead_kb=2\nend\n",
            "elevator-rules 1\nrule usb bfq\nrule usb none\nend\n",
            "elevator-rules 1\nrule usb bfq\nend\nrule nvme none\nend\n",
            "elevator-rules 1\nrule usb b\u00e4q\nend\n",
            "elevator-rules 1\nrule usb bfq\0\nend\n"})
    void refusesAnythingOutsideTheFormat(String text) {
        assertThrows(RulesException.class, () -> RulesDescription.decode(text));
    }

    @Test
    void refusesTooManyRulesAndTooMuchText() throws Exception {
        StringBuilder s = new StringBuilder("elevator-rules 1\n");
        for (int i = 0; i <= RuleSet.MAX_RULES; i++) s.append("rule serial:s").append(i).append(" bfq\n");
        RulesException many = assertThrows(RulesException.class, () -> RulesDescription.decode(s + "end\n"));
        assertTrue(many.getMessage().contains("At most 64 rules"), many.getMessage());
        String huge = "elevator-rules 1\n" + "rule usb bfq\n".repeat(2000) + "end\n";
        assertThrows(RulesException.class, () -> RulesDescription.decode(huge));
    }

    @Test
    void theMessageNamesTheLine() {
        RulesException e = assertThrows(RulesException.class,
                () -> RulesDescription.decode("elevator-rules 1\nrule usb bfq\nrule nvme cfq!\nend\n"));
        assertTrue(e.getMessage().startsWith("Line 3 of the rules description: Unknown scheduler 'cfq!'"), e.getMessage());
    }

    @Test
    void anEmptySetIsWellFormed() throws Exception {
        assertEquals(RuleSet.EMPTY, RulesDescription.decode("elevator-rules 1\nend\n"));
        assertEquals(new ArrayList<>(), new ArrayList<>(RulesDescription.decode(RulesDescription.encode(RuleSet.EMPTY)).rules()));
        assertEquals(List.of(), RuleSet.EMPTY.rules());
    }
}
