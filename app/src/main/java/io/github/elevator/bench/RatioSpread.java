package io.github.elevator.bench;

import java.util.List;

/**
 * The ratios of Elevator's figure to fio's over the pairs of an interleaved check (E F E F …):
 * their median and their spread from the lowest to the highest. The median is the check's answer;
 * where the spread is wider than the median's distance from 1, the two differ by less than the
 * noise between one pair and the next, and that is what may be said.
 */
public record RatioSpread(double median, double min, double max, int pairs) {

    /** The spread of {@code ratios}, one per pair; at least one, each above zero. */
    public static RatioSpread of(List<Double> ratios) {
        if (ratios == null || ratios.isEmpty()) throw new IllegalArgumentException("no pairs"); // untranslated: a bug
        double[] sorted = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (!(sorted[0] > 0) || !Double.isFinite(sorted[sorted.length - 1])) {
            throw new IllegalArgumentException("a ratio is not a positive number: " + ratios); // untranslated: a bug
        }
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new RatioSpread(median, sorted[0], sorted[n - 1], n);
    }

    /** From the lowest pair's ratio to the highest's. */
    public double width() {
        return max - min;
    }

    /** Whether the pairs spread wider than the median lies from 1: Elevator and fio differ by less than the run-to-run spread. */
    public boolean withinSpread() {
        return width() > Math.abs(median - 1);
    }
}
