package io.github.elevator.bench.sweep;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import java.util.List;

/**
 * How well a slot's slices agree, as the variance of the slot's log value that their disagreement
 * gives: the sample variance of the slices' log values over their number. A throttle that lets
 * reads out in bursts (its period's allowance at once, then nothing) gives slices of 0 or 150
 * reads under every scheduler; the slot's figure is then known only that well, however alike a
 * few blocks happen to pair them. A slice that completed no I/O counts as half an I/O (a rate of 0
 * has no logarithm, and leaving it out would hide the widest disagreement). Rates only: a
 * latency's slices under a writer drift with the writer within a block, which the block's order
 * and its reverse cancel in the pair but not within one slot.
 */
final class SliceSpread {
    private SliceSpread() {
    }

    /** 0 for one slice, or a figure that is no rate. */
    static double variance(List<RunResult> slices, Metric metric) {
        if (slices.size() < 2 || !metric.higherIsBetter()) return 0;
        double seconds = 0, ios = 0;
        for (RunResult r : slices) {
            seconds += r.seconds();
            ios += r.iops() * r.seconds();
        }
        double slotValue = metric.of(RunResult.ofSlices(slices));
        // a rate's value for one I/O a second, so that half an I/O in a slice of s seconds is 0.5 / s of it
        double perRate = ios > 0 ? slotValue / (ios / seconds) : Double.NaN;
        double[] logs = new double[slices.size()];
        int n = 0;
        for (RunResult r : slices) {
            double v = metric.of(r);
            if (!(v > 0) && perRate > 0 && r.seconds() > 0) v = perRate * 0.5 / r.seconds();
            if (v > 0) logs[n++] = Math.log(v);
        }
        if (n < 2) return 0;
        double mean = 0;
        for (int i = 0; i < n; i++) mean += logs[i] / n;
        double squares = 0;
        for (int i = 0; i < n; i++) squares += (logs[i] - mean) * (logs[i] - mean);
        return squares / (n - 1) / n;
    }
}
