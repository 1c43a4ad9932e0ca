package io.github.elevator.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FioComparisonTest {
    private static RunResult run(String workload, double iops, double mibps) {
        return new RunResult("none", workload, 0, 5, iops, mibps, 20, 300, 30, 0, 9, "io_uring");
    }

    @Test
    void theRatioIsElevatorsOverFiosOnTheWorkloadsRankedFigure() {
        FioComparison seq = FioComparison.of("cmd", new FioComparison.Figures(2000, 2000, 9000), run("seq-read", 2500, 2500));
        assertEquals("mibps", seq.ratioOf());
        assertEquals(1.25, seq.ratio(), 1e-12);
        assertEquals("2,500.0 MiB/s", seq.elevatorText());
        assertEquals("2,000.0 MiB/s", seq.fioText());
        FioComparison qd32 = FioComparison.of("cmd", new FioComparison.Figures(100_000, 390.6, 900), run("rand-read-qd32", 80_000, 312.5));
        assertEquals("iops", qd32.ratioOf());
        assertEquals(0.8, qd32.ratio(), 1e-12);
        assertEquals("80,000 IOPS", qd32.elevatorText());
        assertEquals(new FioComparison.Figures(80_000, 312.5, 300), qd32.elevator(), "Elevator's figures are the run's own");
        assertTrue(qd32.checked());
    }

    @Test
    void aCommandAloneIsNotACheck() {
        FioComparison c = FioComparison.commandOnly("/usr/bin/fio --name=rand-read");
        assertFalse(c.checked());
        assertNull(c.iops());
        assertNull(c.elevator());
    }

    @Test
    void fioThatReadNothingGivesNoRatio() {
        assertNull(FioComparison.of("cmd", new FioComparison.Figures(0, 0, 0), run("rand-read", 100, 0.4)).ratio());
    }
}
