package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** read-under-write's allowance: another block starts only while what is left holds twice what the last one wrote. */
class WriteAllowanceTest {
    private static final long MIB = 1L << 20;

    /** A block whose writers wrote {@code bytes}. */
    private static void block(WriteAllowance a, long bytes) {
        a.spendPart(bytes);
        a.endBlock();
    }

    @Test
    void anotherBlockStartsOnlyWhileTwiceTheLastFitsInWhatIsLeft() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 10 * MIB);
        assertTrue(a.holdsAnotherBlock(), "the first");
        block(a, 30 * MIB);
        assertTrue(a.holdsAnotherBlock(), "70 left, twice 30 is 60");
        block(a, 30 * MIB);
        assertFalse(a.holdsAnotherBlock(), "40 left, twice 30 is 60");
        assertEquals(60 * MIB, a.spent());
        assertEquals(40 * MIB, a.left());
    }

    @Test
    void aFreshAllowanceHoldsTheBlocksTheRuleLetsStartAtTheLastBlocksSize() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 128 * MIB);
        assertEquals(Integer.MAX_VALUE, a.blocksFromFresh(), "before any block wrote, no block's size is known");
        block(a, 30 * MIB);
        // from 100 at 30 a block: the first, and the second with 70 left; 40 left is less than twice 30
        assertEquals(2, a.blocksFromFresh());
        WriteAllowance fresh = new WriteAllowance(100 * MIB, 128 * MIB);
        int started = 0;
        while (fresh.holdsAnotherBlock()) {
            block(fresh, 30 * MIB);
            started++;
        }
        assertEquals(started, a.blocksFromFresh(), "as many as the rule lets start");
        block(a, 80 * MIB);
        assertEquals(1, a.blocksFromFresh(), "never fewer than the first");
    }

    @Test
    void theStandardAllowanceLastsLongerThanTheDefaultSweepsBlocksAtItsPace() {
        WriteAllowance a = WriteAllowance.standard();
        assertEquals(8L << 30, a.total());
        // about 10 blocks of 2.3-3 s in a default 60 s sweep of four schedulers
        assertTrue(a.total() / (double) a.bytesPerSecond() > 10 * 3.0, "seconds at the pace: " + a.total() / (double) a.bytesPerSecond());
    }

    /** Issue 29: the writers of read-under-write and start-under-write write from one allowance, each from an equal share. */
    @Test
    void theWorkloadsUnderAWriterShareTheAllowanceEqually() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 10 * MIB);
        assertEquals(java.util.Map.of(), a.sharedBy(Workload.DEFAULTS), "raw reads write nothing");
        assertSame(a, a.sharedBy(java.util.List.of(Workload.SEQ_READ, Workload.READ_UNDER_WRITE)).get(Workload.READ_UNDER_WRITE),
                "one alone writes from the whole");
        var shares = a.sharedBy(java.util.List.of(Workload.READ_UNDER_WRITE, Workload.SMALL_FILES, Workload.START_UNDER_WRITE));
        assertEquals(java.util.Set.of(Workload.READ_UNDER_WRITE, Workload.START_UNDER_WRITE), shares.keySet(), "small-files has no writer");
        for (WriteAllowance share : shares.values()) {
            assertEquals(50 * MIB, share.total());
            assertEquals(10 * MIB, share.bytesPerSecond(), "at the allowance's pace");
        }
    }

    /** start-under-write's block has a writer per run: what they all wrote is the block's. */
    @Test
    void aBlockOfSeveralWritersCountsWhatTheyWroteTogether() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 10 * MIB);
        a.spendPart(10 * MIB);
        a.spendPart(10 * MIB);
        assertEquals(80 * MIB, a.left(), "each counts at once");
        a.endBlock();
        assertTrue(a.holdsAnotherBlock(), "80 left, twice 20 is 40");
        assertEquals(4, a.blocksFromFresh(), "from 100 at 20 a block: blocks start with 100, 80, 60 and 40 left; 20 is less than twice 20");
        block(a, 20 * MIB);
        block(a, 20 * MIB);
        assertTrue(a.holdsAnotherBlock(), "40 left holds the fourth");
        block(a, 20 * MIB);
        assertFalse(a.holdsAnotherBlock(), "20 left does not hold a fifth");
    }
}
