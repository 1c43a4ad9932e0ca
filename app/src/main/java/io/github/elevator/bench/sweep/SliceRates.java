package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The log of each slice's rate, in the order the slices ran, for the pair's floor
 * ({@code design.SlicePairs}). A slice that completed no I/O counts as half an I/O: a rate of 0 has
 * no logarithm, and leaving it out would hide the widest disagreement (a throttle's burst in one
 * slice, nothing in the next). Rates only: a latency's slices under a writer follow the writer.
 */
final class SliceRates {
    private SliceRates() {
    }

    /**
     * Empty for one slice, a figure that is no rate, or a run of no I/O at all. {@code joined}: the
     * slices as one run ({@link RunResult#ofSlices}), which the sweep has made already.
     */
    static List<Double> logs(List<RunResult> slices, RunResult joined, Metric metric) {
        if (slices.size() < 2 || !metric.higherIsBetter() || !(joined.iops() > 0)) return List.of();
        // the figure for one I/O a second, so that half an I/O in a slice of s seconds is 0.5 / s of it
        double perRate = metric.of(joined) / joined.iops();
        List<Double> logs = new ArrayList<>(slices.size());
        for (RunResult r : slices) {
            double v = metric.of(r);
            if (!(v > 0)) v = perRate * 0.5 / r.seconds();
            if (!(v > 0) || Double.isInfinite(v)) return List.of();
            logs.add(Math.log(v));
        }
        return logs;
    }
}
