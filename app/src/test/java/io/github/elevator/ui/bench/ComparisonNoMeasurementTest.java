package io.github.elevator.ui.bench;

import io.github.elevator.bench.design.Reason;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.WorkloadDecision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A scheduler without a figure is shown as having no measurement, never as 100 % slower. */
class ComparisonNoMeasurementTest {
    @Test
    void aSchedulerWithoutAFigureSaysNoMeasurement() {
        WorkloadDecision d = new WorkloadDecision("small-files", Metric.IOPS, null, Reason.TOO_FEW, 0.03,
                List.of(new Figure("bfq", 52, 40, 3, true), new Figure("kyber", 40, 44, 3, true), new Figure("none", Double.NaN, Double.NaN, 0, true)),
                List.of(), 0, 3, null, 3);
        Comparison c = Comparison.of("small-files", d, null);
        Comparison.Row none = c.rows().stream().filter(r -> r.scheduler().equals("none")).findFirst().orElseThrow();
        assertEquals("no measurement", none.versus());
        assertEquals("–", none.value());
        assertTrue(Double.isNaN(none.ratio()), "nothing to draw: " + none.ratio());
        for (Comparison.Row r : c.rows()) assertFalse(r.versus().contains("100 %"), r.toString());
        assertEquals("reference", c.rows().stream().filter(r -> r.scheduler().equals(c.reference())).findFirst().orElseThrow().versus());
    }
}
