package io.github.elevator.testing;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** What counts as a text that says the same words twice. */
class CutTextTest {
    @Test
    void aReasonGivenOncePerFolderIsARepetition() {
        assertEquals("write workloads run with your own rights", CutText.repeatedRun("(write workloads: you cannot write in / (write workloads run "
                + "with your own rights); you cannot write in /tmp (write workloads run with your own rights))"));
    }

    @Test
    void likeClausesEachWithItsOwnFigureAreNot() {
        assertNull(CutText.repeatedRun("none is 21 % faster than mq-deadline (95 % CI 3.1–43 %); mq-deadline is behind none (by at least 3.1 %); "
                + "kyber is behind none (by at least 7.7 %); bfq is behind mq-deadline (by at least 13 %)."));
    }

    @Test
    void theReasonSaidOnceForBothFoldersIsNot() {
        assertNull(CutText.repeatedRun("(write workloads: you cannot write in / and /tmp (write workloads run with your own rights))"));
    }

    @Test
    void aFewWordsAgainAreNotARepetitionNorIsAShortText() {
        assertNull(CutText.repeatedRun("rand-read under none, block 2: rand-read under bfq, block 2"));
        assertNull(CutText.repeatedRun("History…"));
        assertNull(CutText.repeatedRun(""));
    }
}
