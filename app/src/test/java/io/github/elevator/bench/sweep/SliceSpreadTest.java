package io.github.elevator.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class SliceSpreadTest {
    /** A 50 ms slice of 4 KiB reads that completed {@code reads}. */
    private static RunResult slice(double reads) {
        double iops = reads / 0.05;
        return new RunResult("none", "rand-read", 1, 0.05, iops, iops * 4096 / (1 << 20), 20, 40, 5, 0, 10, "psync");
    }

    @Test
    void slicesThatAgreeLeaveTheSlotKnownClosely() {
        double v = SliceSpread.variance(List.of(slice(1000), slice(1020)), Metric.IOPS);
        // (ln 1020 - ln 1000)^2 / 2 / 2
        assertEquals(Math.pow(Math.log(1020.0 / 1000), 2) / 4, v, 1e-12);
    }

    @Test
    void aBurstAndNothingLeaveItKnownToAFactorOfTens() {
        double v = SliceSpread.variance(List.of(slice(150), slice(0)), Metric.IOPS);
        // the empty slice counts as half a read: ln(150 / 0.5) = 5.7 apart
        assertEquals(Math.pow(Math.log(300), 2) / 4, v, 1e-9);
        assertTrue(Math.sqrt(v) > 2, "a standard deviation of more than a factor of e^2: " + Math.sqrt(v));
        assertEquals(v, SliceSpread.variance(List.of(slice(150), slice(0)), Metric.MIBPS), 1e-9, "the same for MiB/s, a rate too");
    }

    @Test
    void oneSliceALatencyOrNoReadAtAllSayNothing() {
        assertEquals(0, SliceSpread.variance(List.of(slice(150)), Metric.IOPS));
        assertEquals(0, SliceSpread.variance(List.of(slice(150), slice(0)), Metric.LAT_P99), "a latency is no rate");
        assertEquals(0, SliceSpread.variance(List.of(slice(0), slice(0)), Metric.IOPS), "a slot of no read has no figure at all");
    }
}
