package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatchTest {
    @ParameterizedTest
    @ValueSource(strings = {"usb", "removable", "nvme", "ssd", "hdd", "mmc", "virtio", "loop",
            "wwn:naa.5002538f42a1b3c9", "wwn:eui.002538b21190a1c4", "wwn:nvme.1b36-6465616462656566-00000001",
            "serial:4C530001230914115382", "serial:0x7b3e91c2", "serial:WD-WCC4M3KA7261"})
    void readsEveryDocumentedForm(String text) throws RulesException {
        assertEquals(text, Match.parse(text).text());
    }

    @Test
    void unknownKindsSayWhatIsKnown() {
        RulesException e = assertThrows(RulesException.class, () -> Match.parse("usbstick"));
        assertEquals("Unknown kind 'usbstick'. A rule applies to one of the kinds removable, usb, mmc, nvme, ssd, hdd, virtio, loop,"
                + " or to one disk as wwn:ID or serial:ID.", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"USB", "usb ", " usb", "usb\n", "rotational", "sd*", "", "wwn", "serial", "kind:usb", "usb|nvme"})
    void anythingElseIsRefused(String text) {
        assertThrows(RulesException.class, () -> Match.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\"", "a\"b", "a\nb", "a b", "a\\b", "a*", "a?", "a[0]", "a|b", "-leading", ".hidden",
            "a,b", "a'b", "a\tb", "a\0b", "ä", "a:b", "a/b", "a=b", "a{b}", "a$b", "a%b"})
    void malformedIdentifiersAreRefusedForWwnAndSerial(String id) {
        RulesException wwn = assertThrows(RulesException.class, () -> Match.parse("wwn:" + id));
        assertTrue(wwn.getMessage().startsWith("Malformed wwn: "), wwn.getMessage());
        RulesException serial = assertThrows(RulesException.class, () -> Match.parse("serial:" + id));
        assertTrue(serial.getMessage().startsWith("Malformed serial: "), serial.getMessage());
        assertTrue(serial.getMessage().lines().count() == 1, "one line, whatever the input");
    }

    @Test
    void identifiersHaveALimit() throws RulesException {
        Match.parse("serial:" + "a".repeat(128));
        assertThrows(RulesException.class, () -> Match.parse("serial:" + "a".repeat(129)));
    }

    @Test
    void oneDiskComesBeforeAnyKindAndKindsFollowTheirOrder() throws RulesException {
        java.util.List<Match> sorted = new java.util.ArrayList<>(java.util.List.of(Match.parse("loop"), Match.parse("usb"),
                Match.parse("serial:b"), Match.parse("removable"), Match.parse("wwn:a")));
        sorted.sort(Match.PRECEDENCE);
        assertEquals("[wwn:a, serial:b, removable, usb, loop]", sorted.toString());
    }
}
