package io.github.elevator.bench.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SlicePairsTest {
    @Test
    void aDriftThatMovesBothRunsLeavesTheRoundsRatiosAlone() {
        // both slower by a tenth in the second round: the ratio of each round is the same
        double[] a = {Math.log(1000), Math.log(900)};
        double[] b = {Math.log(800), Math.log(720)};
        assertEquals(0, SlicePairs.variance(a, b), 1e-12);
    }

    @Test
    void burstsThatTakeTurnsLeaveTheRatioKnownToAFactorOfTens() {
        double[] a = {Math.log(150), Math.log(0.5)};
        double[] b = {Math.log(0.5), Math.log(150)};
        double v = SlicePairs.variance(a, b);
        // the rounds' ratios are +ln 300 and -ln 300: variance (2 ln 300)^2 / 2 over 2
        assertEquals(Math.pow(2 * Math.log(300), 2) / 4, v, 1e-9);
        assertTrue(Math.sqrt(v) > 5, "a standard deviation of more than a factor of e^5: " + Math.sqrt(v));
    }

    @Test
    void slicesThatDoNotPairGiveEachRunsOwn() {
        double[] a = {Math.log(1000), Math.log(1020), Math.log(980)};
        double[] b = {Math.log(800), Math.log(820)};
        double own = SlicePairs.variance(a, new double[0]) + SlicePairs.variance(new double[0], b);
        assertEquals(own, SlicePairs.variance(a, b), 1e-15);
        assertEquals(Math.pow(Math.log(820.0 / 800), 2) / 4, SlicePairs.variance(new double[0], b), 1e-12);
        assertEquals(0, SlicePairs.variance(new double[] {1}, new double[] {2}), "one slice each: nothing known");
    }
}
