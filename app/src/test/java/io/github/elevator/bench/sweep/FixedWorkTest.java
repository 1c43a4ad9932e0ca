package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Workload;
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
        double overhead = Sweep.RUN_OVERHEAD_SECONDS;
        assertEquals(4 * (0.32 + overhead), Sweep.writeBlockCost(4, 0.32, null), 1e-9, "before it is sized: as given");
        FixedWork slow = FixedWork.fitting(0.32, 3.1);
        assertEquals(4 * (3.1 + overhead), Sweep.writeBlockCost(4, 0.32, slow), 1e-9, "sized: one unit each");
        assertEquals(3 * (5.0 + overhead), Sweep.writeBlockCost(3, 0.32, slow.took(5.0)), 1e-9,
                "measured, and only the slots still running");
    }

    @Test
    void readsTimedInAWindowGetAsManyWindowsAsHoldTheReadsTheirFigureNeeds() {
        assertEquals(1, FixedWork.holding(200, 900, 0.3, 20).units(), "a window holds enough");
        FixedWork few = FixedWork.holding(200, 12, 0.3, 20);
        assertEquals(17, few.units(), "12 reads a window: 17 windows for 200");
        assertEquals(17 * 0.3, few.runSeconds(), 1e-9);
        assertEquals(66, FixedWork.holding(200, 0, 0.3, 20).units(), "no read at all: as long as a run may be");
        assertEquals(66, FixedWork.holding(200, 1, 0.3, 20).units());
        assertEquals(1, FixedWork.holding(200, 0, 30, 20).units(), "never less than one window");
        assertEquals("read-under-write: a run of 0.30 s held 12 reads, fewer than the 200 its figure needs, so each run lasts 5.10 s;"
                + " a block takes about 21 s, 2 fit the budget of 60 s", few.describeWindows("read-under-write", 12, 200, 21, 60));
        assertEquals("read-under-write: a run of 0.30 s held 900 reads; a block takes about 1.80 s, 33 fit the budget of 60 s",
                FixedWork.holding(200, 900, 0.3, 20).describeWindows("read-under-write", 900, 200, 1.8, 60));
    }

    @Test
    void theProgressLineSaysWhatARunDoesAndHowManyBlocksFit() {
        assertEquals("small-files: 6 units of 100 transactions a run (one took 0.09 s); a block takes about 2.76 s, 21 fit the budget of 60 s",
                FixedWork.fitting(0.5, 0.09).describe("small-files", WorkUnit.of(Workload.SMALL_FILES), 0.5, 2.76, 60));
        assertEquals("start-under-write: 1 start a run (one took 0.30 s); a block takes about 2.00 s, 30 fit the budget of 60 s",
                FixedWork.fitting(0.32, 0.3).describe("start-under-write", WorkUnit.of(Workload.START_UNDER_WRITE), 0.32, 2, 60));
        assertEquals("small-files: one unit of 100 transactions took 3.10 s, longer than the 0.32 s a run was given, so each run is"
                        + " one unit of 100 transactions; a block takes about 13 s, 4 fit the budget of 60 s",
                FixedWork.fitting(0.32, 3.1).describe("small-files", WorkUnit.of(Workload.SMALL_FILES), 0.32, 13, 60));
        assertTrue(FixedWork.fitting(0.32, 30).describe("small-files", WorkUnit.of(Workload.SMALL_FILES), 0.32, 121, 60)
                .endsWith("a block takes about 121 s, longer than the budget of 60 s: one block runs"));
        assertTrue(FixedWork.fitting(0.32, 3).describe("small-files", WorkUnit.of(Workload.SMALL_FILES), 0.32, 40, 60).endsWith("1 fits the budget of 60 s"));
    }
}
