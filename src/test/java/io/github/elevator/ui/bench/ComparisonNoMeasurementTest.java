package io.github.elevator.ui.bench;

import io.github.elevator.bench.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scheduler whose runs measured nothing is shown as that, never as 100 % slower, nor as the best latency. */
class ComparisonNoMeasurementTest {
    private static RunResult run(String scheduler, String workload, double iops, double p99) {
        return new RunResult(scheduler, workload, 1, 0.26, iops, iops / 100, p99 / 2, p99, 5, 30, iops > 0 ? 40 : 0, "files");
    }

    @Test
    void aSchedulerWithNoTransactionsSaysNoMeasurementNotMinusOneHundredPercent() {
        List<RunResult> runs = List.of(run("bfq", "small-files", 50, 9000), run("bfq", "small-files", 54, 9000),
                run("none", "small-files", 0, 0), run("none", "small-files", 0, 0),
                run("kyber", "small-files", 0, 0), run("kyber", "small-files", 40, 9000));
        Comparison c = Comparison.of("small-files", null, runs, null);
        assertEquals(List.of("bfq", "kyber", "none"), c.rows().stream().map(Comparison.Row::scheduler).toList());
        Comparison.Row none = c.rows().get(2);
        assertEquals("no measurement", none.versus());
        assertEquals("–", none.value());
        assertTrue(Double.isNaN(none.ratio()), "nothing to draw: " + none.ratio());
        Comparison.Row kyber = c.rows().get(1);
        assertEquals("40", kyber.value(), "its one run that measured something");
        assertEquals("−23 %", kyber.versus());
        for (Comparison.Row r : c.rows()) assertTrue(!r.versus().contains("100 %"), r.toString());
    }

    @Test
    void noReadsIsNotTheLowestLatency() {
        List<RunResult> runs = List.of(run("none", "read-under-write", 900, 4000), run("bfq", "read-under-write", 0, 0));
        Comparison c = Comparison.of("read-under-write", null, runs, null);
        assertEquals("none", c.reference(), "the measured one is the reference");
        assertEquals("no measurement", c.rows().get(1).versus());
    }
}
