package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunResultTest {
    private static RunResult slice(double seconds, double iops, double p99, double cpuUsPerIo) {
        return new RunResult("kyber", "rand-read", 3, seconds, iops, iops / 256, p99 / 2, p99, 40, 10, cpuUsPerIo, "psync");
    }

    @Test
    void slicesJoinIntoOneRunOverTheirSummedTime() {
        RunResult joined = RunResult.ofSlices(List.of(slice(0.1, 1000, 200, 10), slice(0.3, 2000, 400, 20)));
        assertEquals(0.4, joined.seconds(), 1e-12);
        assertEquals((100 + 600) / 0.4, joined.iops(), 1e-9, "every I/O of every slice over their time");
        assertEquals(joined.iops() / 256, joined.mibps(), 1e-9);
        assertEquals(Math.sqrt(200 * 400), joined.latP99us(), 1e-9, "percentiles on a log scale");
        assertEquals((100 * 10 + 600 * 20) / 700.0, joined.cpuUsPerIo(), 1e-9, "CPU per I/O over all I/Os");
        assertEquals(40, joined.sysPct(), 1e-9);
        assertEquals("kyber", joined.scheduler());
        assertEquals(3, joined.repeat());
    }

    @Test
    void oneSliceIsItselfAndNoneIsRefused() {
        RunResult one = slice(0.1, 1000, 200, 10);
        assertSame(one, RunResult.ofSlices(List.of(one)));
        assertThrows(IllegalArgumentException.class, () -> RunResult.ofSlices(List.of()));
    }
}
