package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** read-under-write's allowance: another block starts only while what is left holds twice what the last one wrote. */
class WriteAllowanceTest {
    private static final long MIB = 1L << 20;

    @Test
    void anotherBlockStartsOnlyWhileTwiceTheLastFitsInWhatIsLeft() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 10 * MIB);
        assertTrue(a.holdsAnotherBlock(), "the first");
        a.spend(30 * MIB);
        assertTrue(a.holdsAnotherBlock(), "70 left, twice 30 is 60");
        a.spend(30 * MIB);
        assertFalse(a.holdsAnotherBlock(), "40 left, twice 30 is 60");
        assertEquals(60 * MIB, a.spent());
        assertEquals(40 * MIB, a.left());
    }

    @Test
    void aFreshAllowanceHoldsTheBlocksTheRuleLetsStartAtTheLastBlocksSize() {
        WriteAllowance a = new WriteAllowance(100 * MIB, 128 * MIB);
        assertEquals(Integer.MAX_VALUE, a.blocksFromFresh(), "before any block wrote, no block's size is known");
        a.spend(30 * MIB);
        // from 100 at 30 a block: the first, and the second with 70 left; 40 left is less than twice 30
        assertEquals(2, a.blocksFromFresh());
        WriteAllowance fresh = new WriteAllowance(100 * MIB, 128 * MIB);
        int started = 0;
        while (fresh.holdsAnotherBlock()) {
            fresh.spend(30 * MIB);
            started++;
        }
        assertEquals(started, a.blocksFromFresh(), "as many as the rule lets start");
        a.spend(80 * MIB);
        assertEquals(1, a.blocksFromFresh(), "never fewer than the first");
    }

    @Test
    void theStandardAllowanceLastsLongerThanTheDefaultSweepsBlocksAtItsPace() {
        WriteAllowance a = WriteAllowance.standard();
        assertEquals(8L << 30, a.total());
        // about 10 blocks of 2.3-3 s in a default 60 s sweep of four schedulers
        assertTrue(a.total() / (double) a.bytesPerSecond() > 10 * 3.0, "seconds at the pace: " + a.total() / (double) a.bytesPerSecond());
    }
}
