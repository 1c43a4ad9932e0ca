package io.github.elevator.bench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class SliceRatesTest {
    /** A 50 ms slice of 4 KiB reads that completed {@code reads}. */
    private static RunResult slice(double reads) {
        double iops = reads / 0.05;
        return new RunResult("none", "rand-read", 1, 0.05, iops, iops * 4096 / (1 << 20), 20, 40, 5, 0, 10, "psync");
    }

    /** As the sweep calls it, with the slices joined into one run. */
    private static List<Double> logs(List<RunResult> slices, Metric metric) {
        return SliceRates.logs(slices, RunResult.ofSlices(slices), metric);
    }

    @Test
    void eachSlicesRateInTheOrderTheyRan() {
        List<Double> logs = logs(List.of(slice(1000), slice(1020)), Metric.IOPS);
        assertEquals(List.of(Math.log(20_000), Math.log(20_400)), logs);
    }

    @Test
    void aSliceOfNoReadCountsAsHalfARead() {
        List<Double> iops = logs(List.of(slice(150), slice(0)), Metric.IOPS);
        assertEquals(Math.log(300), iops.get(0) - iops.get(1), 1e-9, "150 reads against half a read");
        List<Double> mibps = logs(List.of(slice(150), slice(0)), Metric.MIBPS);
        assertEquals(Math.log(300), mibps.get(0) - mibps.get(1), 1e-9, "the same for MiB/s, a rate too");
    }

    @Test
    void oneSliceALatencyOrNoReadAtAllGiveNone() {
        assertEquals(List.of(), logs(List.of(slice(150)), Metric.IOPS));
        assertEquals(List.of(), logs(List.of(slice(150), slice(0)), Metric.LAT_P99), "a latency is no rate");
        assertEquals(List.of(), logs(List.of(slice(0), slice(0)), Metric.IOPS), "a slot of no read has no figure at all");
    }
}
