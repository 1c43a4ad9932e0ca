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
    void theReasonSaidOnceForBothFoldersIsNot() {
        assertNull(CutText.repeatedRun("(write workloads: you cannot write in / and /tmp (write workloads run with your own rights))"));
    }

    @Test
    void aFewWordsAgainAreNotARepetitionNorIsAShortText() {
        assertNull(CutText.repeatedRun("4 KiB random reads, queue depth 1, then 4 KiB random reads, queue depth 32"));
        assertNull(CutText.repeatedRun("History…"));
        assertNull(CutText.repeatedRun(""));
    }
}
