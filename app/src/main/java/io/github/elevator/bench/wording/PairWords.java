package io.github.elevator.bench.wording;

import io.github.elevator.text.Sentences;
import io.github.elevator.text.Numbers;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.text.Messages;

import java.util.List;

/** A pair's verdict in words a person reads, and the numbers as they are written in them. */
public final class PairWords {
    private PairWords() {
    }

    /**
     * "none is 12 % faster than mq-deadline (95 % CI 8–16 %)", "none has 12 % lower p99 latency
     * than kyber (...)", "none and mq-deadline are equal within 3 %", "none vs kyber: not decided yet".
     */
    public static String sentence(PairVerdict p, Metric metric, double margin) {
        return switch (p.verdict()) {
            case EQUIVALENT -> Messages.text("bench.pair.equal", p.a(), p.b(), percent(margin));
            case UNDECIDED -> Messages.text("bench.pair.undecided", p.a(), p.b());
            case FASTER, SLOWER -> difference(p, metric);
        };
    }

    private static String difference(PairVerdict p, Metric metric) {
        double[] ci = p.ci95();
        boolean aHigher = p.ratio() > 1;
        // The size of the effect as a fraction of b: a/b - 1 when a is higher, 1 - a/b when lower.
        double size = aHigher ? p.ratio() - 1 : 1 - p.ratio();
        double near = aHigher ? ci[0] - 1 : 1 - ci[1];
        double far = aHigher ? ci[1] - 1 : 1 - ci[0];
        return Messages.text(differenceKey(metric, aHigher), p.a(), percent(size), p.b(), percent(near), percent(far));
    }

    /** A whole sentence per metric and direction: how "lower" agrees with the metric's noun is the translation's business. */
    private static String differenceKey(Metric metric, boolean aHigher) {
        return switch (metric) {
            case IOPS, MIBPS -> aHigher ? "bench.pair.faster" : "bench.pair.slower";
            case LAT_P50 -> aHigher ? "bench.pair.higher.latP50us" : "bench.pair.lower.latP50us";
            case LAT_P99 -> aHigher ? "bench.pair.higher.latP99us" : "bench.pair.lower.latP99us";
            case SYS_PCT -> aHigher ? "bench.pair.higher.sysPct" : "bench.pair.lower.sysPct";
            case CPU_PER_IO -> aHigher ? "bench.pair.higher.cpuUsPerIo" : "bench.pair.lower.cpuUsPerIo";
            case START_MS -> aHigher ? "bench.pair.higher.startMs" : "bench.pair.lower.startMs";
        };
    }

    /** The widest bound written as a number (10 for 1,000 %): one wider says "not yet measurable" instead (issue 29). */
    public static final double MEASURABLE = 10;

    /** Whether a bound (a fraction) is written as a number: finite and at most {@link #MEASURABLE}. */
    public static boolean measurable(double bound) {
        return bound <= MEASURABLE;
    }

    /** A fraction as a percentage: one decimal under 10 %, none above; "3" rather than "3.0". */
    public static String percent(double fraction) {
        return Numbers.percent(fraction);
    }

    /** "a", "a and b", "a, b and c". */
    public static String list(List<String> names) {
        return Sentences.list(names);
    }
}
