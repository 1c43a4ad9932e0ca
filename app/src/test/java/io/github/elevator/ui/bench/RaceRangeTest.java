package io.github.elevator.ui.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The race chart's axis: the estimates with room, the intervals only as far as the estimates' own spread. */
class RaceRangeTest {
    private static RacePoint p(String s, int blocks, double value, double lo, double hi) {
        return new RacePoint(s, blocks, value, lo, hi);
    }

    @Test
    void anEarlyIntervalOf10To9TimesTheEstimatesIsCutAndMarked() {
        RacePoint none = p("none", 2, 340_000, 340_000, 340_000);
        RacePoint bfq = p("bfq", 2, 150_000, 1e-4, 2.5e14);
        RaceRange r = RaceRange.of(List.of(List.of(none), List.of(bfq)));
        assertEquals(0, r.low(), 1, "the interval's lower end, near zero, is within the estimates' spread below them");
        assertEquals(340_000 + 190_000, r.high(), 1e-6, "the largest estimate and the estimates' spread beyond it");
        assertTrue(r.cutsAbove(bfq));
        assertFalse(r.cutsAbove(none));
    }

    @Test
    void narrowIntervalsAreDrawnWholeAndTheLeadersFillTheAxis() {
        RacePoint none = p("none", 8, 340, 340, 340);
        RacePoint mq = p("mq-deadline", 8, 300, 290, 312);
        RaceRange r = RaceRange.of(List.of(List.of(none), List.of(mq)));
        assertTrue(r.low() <= 290 && r.high() >= 340, r.toString());
        assertFalse(r.cutsAbove(mq) || r.cutsBelow(mq));
        assertTrue(r.high() - r.low() < 100, "40 apart on an axis of less than 100: " + r);
    }

    @Test
    void oneEstimateAloneHasRoomAroundIt() {
        RaceRange r = RaceRange.of(List.of(List.of(p("none", 1, 100, 100, 100))));
        assertTrue(r.low() < 100 && r.high() > 100, r.toString());
        assertEquals(new RaceRange(0, 1), RaceRange.of(List.of()), "nothing to draw");
    }
}
