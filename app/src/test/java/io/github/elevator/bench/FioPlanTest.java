package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plan of turns: at least three pairs, whole seconds fio can run, in the time one run of each took. */
class FioPlanTest {

    @Test
    void atLeastThreePairsOfWholeSecondsAndFromFourSecondsASideInTheTimeOneRunOfEachTook() {
        for (double seconds : new double[] {1, 3, 5, 10}) {
            FioPlan plan = FioPlan.within(seconds);
            assertTrue(plan.pairs() >= FioPlan.MIN_PAIRS, plan.toString());
            assertEquals(2 * plan.pairs(), plan.turns());
            assertTrue(plan.turnSeconds() >= 1 && plan.turnSeconds() <= FioCommand.MAX_SECONDS, plan.toString());
            // one run of each, with its overhead, as the check took before it took turns
            double before = 2 * (seconds + FioPlan.TURN_OVERHEAD_SECONDS);
            if (seconds >= 4) {
                assertTrue(plan.expectedSeconds() <= before + 1e-9, seconds + " s: " + plan + " takes " + plan.expectedSeconds());
            }
            assertEquals(plan.turns() * (plan.turnSeconds() + FioPlan.TURN_OVERHEAD_SECONDS), plan.expectedSeconds(), 1e-9);
        }
    }

    @Test
    void fewerThanThreePairsOrTurnsFioCannotRunAreNoPlan() {
        assertThrows(IllegalArgumentException.class, () -> new FioPlan(2, 1));
        assertThrows(IllegalArgumentException.class, () -> new FioPlan(3, 0));
        assertThrows(IllegalArgumentException.class, () -> new FioPlan(3, FioCommand.MAX_SECONDS + 1));
    }
}
