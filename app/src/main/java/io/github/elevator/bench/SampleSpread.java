package io.github.elevator.bench;

import java.util.List;

/**
 * How much one run's figure moved within the run: the mean and 95 % interval of a metric over the
 * run's live samples. Two runs whose figures differ by less than their intervals allow are not
 * told apart by them.
 */
public final class SampleSpread {
    private SampleSpread() {
    }

    /** Mean and 95 % half-width of {@code metric} over {@code samples}; a half-width of 0 from fewer than two. */
    public static Statistics.Summary of(List<Sample> samples, Metric metric) {
        return Statistics.summarize(samples.stream().map(s -> of(s, metric)).filter(v -> !Double.isNaN(v)).toList());
    }

    private static double of(Sample s, Metric metric) {
        return switch (metric) {
            case IOPS -> s.iops();
            case MIBPS -> s.mibps();
            case LAT_P50 -> s.latP50us();
            case LAT_P99 -> s.latP99us();
            case SYS_PCT -> s.sysPct();
            case CPU_PER_IO, START_MS -> Double.NaN; // not in a live sample
        };
    }

    /**
     * The relative change from {@code before} to {@code now} that their intervals cannot explain:
     * whether |log(now / before)| exceeds the two intervals' relative half-widths combined.
     */
    public static boolean beyondNoise(double now, double nowHalfWidth, double before, double beforeHalfWidth) {
        if (now <= 0 || before <= 0) return false;
        double a = relative(nowHalfWidth, now), b = relative(beforeHalfWidth, before);
        return Math.abs(Math.log(now / before)) > Math.sqrt(a * a + b * b);
    }

    /** A half-width as a share of its mean, in log terms; 0 where it is not known. */
    private static double relative(double halfWidth, double mean) {
        if (!(halfWidth > 0) || Double.isInfinite(halfWidth)) return 0;
        return Math.log1p(halfWidth / mean);
    }
}
