package io.github.elevator.helper.protocol;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FioFiguresTest {
    /** fio 3.33's terse record of a 2 s rand-read-qd32 run on a RAM-backed loop device (FioCommand's options). */
    static final String RECORD = "3;fio-3.33;rand-read-qd32;0;0;725504;362570;90626;2001;1;26216;3.588258;71.079781;13;55387;"
            + "349.147501;1305.269250;99.000000%=3981;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;"
            + "0%=0;0%=0;0%=0;0%=0;17;55389;352.735534;1307.081062;208681;442861;100.000000%;363013.500000;105614.700393;0;0;0;0;0;0;"
            + "0.000000;0.000000;0;0;0.000000;0.000000;99.000000%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;"
            + "0%=0;0%=0;0%=0;0%=0;0%=0;0%=0;0;0;0.000000;0.000000;0;0;0.000000%;0.000000;0.000000;3.250000%;28.650000%;11015;0;37;"
            + "0.0%;0.0%;0.0%;0.0%;0.0%;100.0%;0.0%;0.00%;0.00%;0.00%;0.01%;0.02%;11.14%;67.16%;13.88%;1.50%;0.96%;2.25%;2.14%;0.89%;"
            + "0.02%;0.05%;0.02%;0.00%;0.00%;0.00%;0.00%;0.00%;0.00%;loop1;190432;0;0;0;33221;0;33221;62.00%";

    @Test
    void readsIopsBandwidthAndTheNinetyNinthPercentile() {
        assertEquals(new FioFigures(90626, 362570 / 1024.0, 3981), FioFigures.parseTerse(RECORD + "\n"));
    }

    @Test
    void passesOverFiosWarningsAroundTheRecord() {
        String out = "note: both iodepth >= 1 and synchronous I/O engine are selected, queue depth will be capped at 1\n" + RECORD + "\n";
        assertEquals(90626, FioFigures.parseTerse(out).iops());
    }

    @Test
    void refusesWhatIsNotExactlyOneGoodRecord() {
        assertRefused("", "0 terse records");
        assertRefused("fio: failed to open /dev/loop1\n", "0 terse records");
        assertRefused(RECORD + "\n" + RECORD, "2 terse records");
        assertRefused("3;fio-3.33;x;0;0;1;2;3", "fewer than");
        assertRefused(RECORD.replace("3;fio-3.33;rand-read-qd32;0;0;", "3;fio-3.33;rand-read-qd32;0;5;"), "error 5");
        assertRefused(RECORD.replace(";90626;", ";9e4;"), "IOPS is not a whole number");
        assertRefused(RECORD.replace(";90626;", ";-1;"), "IOPS is not a whole number");
        assertRefused(RECORD.replace("99.000000%=3981", "95.000000%=3981"), "no 99th percentile");
        assertRefused(RECORD.replace("99.000000%=3981", "99.000000%=x"), "99th percentile is not a whole number");
        assertRefused(RECORD.replace(";725504;362570;90626;2001;", ";0;0;0;2001;"), "read nothing");
    }

    private static void assertRefused(String output, String why) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FioFigures.parseTerse(output));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }
}
