package io.github.elevator.app;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How much fixed work a write workload's run does, and what a block of it costs the budget. */
class FixedWorkTest {
    @Test
    void aRunDoesAsManyWholeUnitsAsFillTheTimeItIsGiven() {
        FixedWork size = FixedWork.fitting(0.5, 0.09);
        assertEquals(6, size.units());
        assertEquals(0.54, size.runSeconds(), 1e-9, "expected to take its units' time, not the time given");
        assertFalse(size.longerThan(0.5));
    }

    @Test
    void aSlotTooShortForOneUnitIsMadeLongerNeverEmpty() {
        FixedWork size = FixedWork.fitting(0.32, 3.1);
        assertEquals(1, size.units(), "one unit, though it takes ten times the slot");
        assertEquals(3.1, size.runSeconds(), 1e-9);
        assertTrue(size.longerThan(0.32));
        assertThrows(IllegalArgumentException.class, () -> new FixedWork(0, 1, 1, 0));
    }

    @Test
    void aVeryFastDeviceStillDoesACountableAmountOfWork() {
        assertEquals(FixedWork.MAX_UNITS, FixedWork.fitting(5, 1e-7).units());
        assertEquals(FixedWork.MAX_UNITS, FixedWork.fitting(5, 0).units());
    }

    @Test
    void whatTheRunsReallyTookBecomesTheExpectedCost() {
        FixedWork size = FixedWork.fitting(1, 0.25).took(2.0);
        assertEquals(4, size.units(), "the work stays the same for every slot");
        assertEquals(2.0, size.runSeconds(), 1e-9, "the first measured run replaces the estimate");
        size = size.took(4.0);
        assertEquals(3.0, size.runSeconds(), 1e-9, "then the mean of the runs");
        assertEquals(2, size.runs());
    }

    @Test
    void aBlockCostsItsSlotsRealRunsNotTheTimeTheyWereGiven() {
        double overhead = BlockSweep.RUN_OVERHEAD_SECONDS;
        assertEquals(4 * (0.32 + overhead), BlockSweep.writeBlockCost(4, 0.32, null), 1e-9, "before it is sized: as given");
        FixedWork slow = FixedWork.fitting(0.32, 3.1);
        assertEquals(4 * (3.1 + overhead), BlockSweep.writeBlockCost(4, 0.32, slow), 1e-9, "sized: one unit each");
        assertEquals(3 * (5.0 + overhead), BlockSweep.writeBlockCost(3, 0.32, slow.took(5.0)), 1e-9,
                "measured, and only the slots still running");
    }

    @Test
    void theProgressLineSaysWhatARunDoesAndHowManyBlocksFit() {
        assertEquals("small-files: 6 × unit of 100 transactions a run (one took 0.09 s); a block takes about 2.76 s, 21 fit the budget of 60 s",
                FixedWork.fitting(0.5, 0.09).describe("small-files", "unit of 100 transactions", 0.5, 2.76, 60));
        assertEquals("small-files: one unit of 100 transactions took 3.10 s, longer than the 0.32 s a run was given, so each run is"
                        + " one unit of 100 transactions; a block takes about 13 s, 4 fit the budget of 60 s",
                FixedWork.fitting(0.32, 3.1).describe("small-files", "unit of 100 transactions", 0.32, 13, 60));
        assertTrue(FixedWork.fitting(0.32, 30).describe("small-files", "unit", 0.32, 121, 60)
                .endsWith("a block takes about 121 s, longer than the budget of 60 s: one block runs"));
        assertTrue(FixedWork.fitting(0.32, 3).describe("small-files", "unit", 0.32, 40, 60).endsWith("1 fits the budget of 60 s"));
    }
}
