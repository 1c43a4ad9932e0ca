package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pairs' ratios: their median, lowest and highest, and whether they spread wider than the median lies from 1. */
class RatioSpreadTest {

    @Test
    void theMedianOfAnOddAndOfAnEvenNumberOfPairsInAnyOrder() {
        RatioSpread odd = RatioSpread.of(List.of(1.3, 0.7, 0.9));
        assertEquals(new RatioSpread(0.9, 0.7, 1.3, 3), odd);
        assertEquals(0.6, odd.width(), 1e-12);
        RatioSpread even = RatioSpread.of(List.of(0.95, 0.5, 0.6, 0.55));
        assertEquals(0.575, even.median(), 1e-12);
        assertEquals(0.5, even.min(), 0);
        assertEquals(0.95, even.max(), 0);
    }

    @Test
    void aSpreadWiderThanTheMediansDistanceFromOneIsWithinTheSpreadANarrowOneIsNot() {
        // 0.98 with pairs from 0.91 to 1.04: 0.13 wide, 0.02 from 1
        assertTrue(RatioSpread.of(List.of(0.91, 0.98, 1.04)).withinSpread());
        // 0.52 with pairs from 0.50 to 0.55: 0.05 wide, 0.48 from 1: a difference the pairs agree on
        assertFalse(RatioSpread.of(List.of(0.50, 0.52, 0.55)).withinSpread());
        // above 1 the same: 1.26 from 1.20 to 1.31
        assertFalse(RatioSpread.of(List.of(1.31, 1.20, 1.26)).withinSpread());
        // a single pair has no spread, and says nothing about it
        assertFalse(RatioSpread.of(List.of(1.2)).withinSpread());
    }

    @Test
    void noPairsOrARatioThatIsNoPositiveNumberIsABug() {
        assertThrows(IllegalArgumentException.class, () -> RatioSpread.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> RatioSpread.of(List.of(0.9, 0.0, 1.1)));
        assertThrows(IllegalArgumentException.class, () -> RatioSpread.of(List.of(0.9, Double.POSITIVE_INFINITY)));
    }
}
