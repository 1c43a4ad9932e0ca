package io.github.elevator.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedulerLineTest {

    @Test
    void parsesTheKernelsLineWithTrailingSpaceAndNewline() {
        SchedulerLine line = SchedulerLine.parse("none [mq-deadline] kyber bfq \n");
        assertEquals(List.of("none", "mq-deadline", "kyber", "bfq"), line.offered());
        assertEquals("mq-deadline", line.active());
        assertTrue(line.hasScheduler());
        assertTrue(line.offers("bfq"));
        assertFalse(line.offers("cfq"));
    }

    @Test
    void singleScheduler() {
        SchedulerLine line = SchedulerLine.parse("none\n");
        assertEquals(List.of("none"), line.offered());
        assertNull(line.active(), "bio-based dm devices print 'none' without brackets");
    }

    @Test
    void legacyLineWithCfq() {
        SchedulerLine line = SchedulerLine.parse("noop deadline [cfq]");
        assertEquals(List.of("noop", "deadline", "cfq"), line.offered());
        assertEquals("cfq", line.active());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''                                   | ''                        | ",
            "'   \n'                              | ''                        | ",
            "'[none]'                             | none                      | none",
            "'\t[none]\tbfq\t'                    | none bfq                  | none",
            "'none  [bfq]   kyber'                | none bfq kyber            | bfq",
            "'[] none'                            | none                      | ",
            "'[[bfq]] none'                       | none                      | ",
            "'[bfq none'                          | none                      | ",
            "'bfq] none'                          | none                      | ",
            "'[BFQ] none'                         | none                      | ",
            "'../x [none]'                        | none                      | none",
            "'[none] [bfq]'                       | none bfq                  | none",
            "'none none [none]'                   | none                      | ",
            "'mq-deadline-nodefault [kyber_2]'    | mq-deadline-nodefault kyber_2 | kyber_2",
    })
    void oddLinesKeepOnlyPlainNames(String text, String offered, String active) {
        SchedulerLine line = SchedulerLine.parse(text);
        assertEquals(offered.isBlank() ? List.of() : List.of(offered.split(" ")), line.offered());
        assertEquals(active, line.active());
    }

    @Test
    void nullAndNoneMeanNoScheduler() {
        assertFalse(SchedulerLine.parse(null).hasScheduler());
        assertFalse(SchedulerLine.NONE.hasScheduler());
        assertNull(SchedulerLine.NONE.active());
    }

    @Test
    void plainNames() {
        assertTrue(SchedulerLine.isPlainName("mq-deadline"));
        assertFalse(SchedulerLine.isPlainName(""));
        assertFalse(SchedulerLine.isPlainName("a b"));
        assertFalse(SchedulerLine.isPlainName("a/b"));
        assertFalse(SchedulerLine.isPlainName("x".repeat(33)));
        assertFalse(SchedulerLine.isPlainName("bfq\n"));
    }
}
