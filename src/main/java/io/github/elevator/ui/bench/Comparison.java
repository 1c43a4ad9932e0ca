package io.github.elevator.ui.bench;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.Verdict;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One workload's comparison as the window shows it: each scheduler's median in the workload's
 * own unit, its paired ratio to the reference (the recommendation, else the best median) with
 * the pair's 95 % interval, the decision and every pair's verdict in words.
 *
 * @param reference      the scheduler the others are compared with; null when nothing ran
 * @param recommendation null when the design recommends nothing (yet)
 * @param status         how far the decision is, e.g. "decided 5 of 6 pairs"
 * @param noiseFloor     for a noise check, the smallest difference this machine resolves (fraction)
 * @param skipped        why the workload could not run here; null when it ran
 * @param widerMargin    undecided, with its leaders all within this wider margin (fraction); else null
 */
public record Comparison(String workload, String unit, String reference, String recommendation, String status,
                         String why, List<String> pairs, List<Row> rows, Double noiseFloor, String skipped, Double widerMargin) {

    /**
     * One scheduler: {@code ratio} is its metric over the reference's, {@code low}/{@code high} the
     * pair's 95 % interval (NaN when the design gave none, e.g. before the first block).
     */
    public record Row(String scheduler, String value, double ratio, double low, double high, String versus,
                      String verdict, boolean recommended, int runs, String cpuUsPerIo) {
        public boolean hasInterval() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    public boolean ran() {
        return skipped == null;
    }

    /** The comparison of {@code workload} from its runs and the design's decision (null before the first block). */
    static Comparison of(String workload, WorkloadDecision read, List<RunResult> runs, String legacyVerdict) {
        Workload w = Workload.byId(workload).orElse(null);
        Metric metric = w == null ? Metric.IOPS : w.rankedBy();
        // a decision read back from a saved report has no workload or metric: its key tells them
        WorkloadDecision decision = read == null || read.metric() != null ? read
                : new WorkloadDecision(workload, metric, read.recommendation(), read.why(), read.margin(), read.pairs(),
                read.decided(), read.toDecide(), read.noiseFloor(), read.blocks());
        String unit = w == null ? metric.label() : unit(w);
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, List<Double>> cpu = new LinkedHashMap<>();
        for (RunResult r : runs) {
            if (!r.workload().equals(workload)) continue;
            values.computeIfAbsent(r.scheduler(), s -> new ArrayList<>()).add(metric.of(r));
            cpu.computeIfAbsent(r.scheduler(), s -> new ArrayList<>()).add(r.cpuUsPerIo());
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        // a run that measured nothing (no operation ended in it) is no figure of 0: it is left out
        values.forEach((s, v) -> medians.put(s, median(v.stream().filter(x -> x > 0).toList())));
        boolean noiseCheck = decision != null && decision.noiseFloor() != null;
        Comparator<String> best = Comparator.comparingDouble(medians::get);
        if (metric.higherIsBetter()) best = best.reversed();
        List<String> order = new ArrayList<>(medians.keySet());
        order.sort(noiseCheck ? Comparator.naturalOrder() : Comparator.<String, Boolean>comparing(s -> !measured(medians.get(s))).thenComparing(best)); // a noise check's slots A, B, C … in their order
        String recommendation = decision == null || noiseCheck ? null : decision.recommendation();
        if (decision == null && legacyVerdict != null && legacyVerdict.endsWith("(significant)") && !order.isEmpty()) {
            recommendation = order.get(0); // a report from before the paired design: its significant leader
        }
        String reference = recommendation != null ? recommendation : order.isEmpty() ? null : order.get(0);
        if (reference != null) {
            order.remove(reference);
            order.add(0, reference);
        }
        List<Row> rows = new ArrayList<>();
        for (String s : order) {
            PairVerdict pair = decision == null || s.equals(reference) ? null : oriented(decision.pairs(), s, reference);
            boolean paired = pair != null && pair.ratio() != null;
            boolean interval = paired && pair.ci95() != null;
            boolean measured = measured(medians.get(s)) && measured(medians.get(reference));
            double ratio = paired ? pair.ratio() : measured ? medians.get(s) / medians.get(reference) : Double.NaN;
            double low = interval ? pair.ci95()[0] : Double.NaN;
            double high = interval ? pair.ci95()[1] : Double.NaN;
            String verdict = s.equals(reference) || pair == null ? "" : words(pair.verdict(), decision.margin());
            String versus = !measured(medians.get(s)) ? "no measurement" : s.equals(reference) ? "reference" : interval
                    ? percent(ratio) + " (" + percent(low).replace(" %", "") + " to " + percent(high) + ")"
                    : Double.isNaN(ratio) ? "–" : percent(ratio);
            double cpuMedian = median(cpu.get(s));
            rows.add(new Row(s, measured(medians.get(s)) ? format(medians.get(s), metric) : "–", ratio, low, high, versus, verdict,
                    s.equals(recommendation), values.get(s).size(),
                    cpuMedian > 0 ? String.format(Locale.ROOT, "%.1f", cpuMedian) : "–"));
        }
        String status;
        String why;
        List<String> pairs = new ArrayList<>();
        if (decision != null) {
            status = decision.toDecide() == 0 ? "" : decision.progress();
            why = decision.why();
            for (PairVerdict p : decision.pairs()) pairs.add(decision.sentence(p));
        } else {
            status = values.isEmpty() ? "waiting" : "";
            why = legacyVerdict == null ? "" : legacyVerdict;
        }
        java.util.OptionalDouble widerMargin = decision == null ? java.util.OptionalDouble.empty() : decision.widerMargin();
        Double wider = widerMargin.isPresent() ? widerMargin.getAsDouble() : null;
        return new Comparison(workload, unit, reference, recommendation, status, why == null ? "" : why, pairs, rows,
                noiseCheck ? decision.noiseFloor() : null, null, wider);
    }

    /** A workload that could not run on this device. */
    static Comparison skipped(String workload, String reason) {
        Workload w = Workload.byId(workload).orElse(null);
        return new Comparison(workload, w == null ? "" : unit(w), null, null, "skipped", "", List.of(), List.of(), null, reason, null);
    }

    /** The pair of {@code s} and {@code reference}, turned so that its ratio is s over the reference. */
    private static PairVerdict oriented(List<PairVerdict> pairs, String s, String reference) {
        for (PairVerdict p : pairs) {
            if (p.a().equals(s) && p.b().equals(reference)) return p;
            if (p.a().equals(reference) && p.b().equals(s)) {
                Verdict flipped = switch (p.verdict()) {
                    case FASTER -> Verdict.SLOWER;
                    case SLOWER -> Verdict.FASTER;
                    default -> p.verdict();
                };
                double[] ci = p.ci95();
                return new PairVerdict(s, reference, p.ratio() == null ? null : 1 / p.ratio(),
                        ci == null ? null : new double[] {1 / ci[1], 1 / ci[0]}, flipped);
            }
        }
        return null;
    }

    private static String words(Verdict verdict, double margin) {
        return switch (verdict) {
            case FASTER -> "faster";
            case SLOWER -> "slower";
            case EQUIVALENT -> "equal within " + trim(margin * 100) + " %";
            case UNDECIDED -> "not decided";
        };
    }

    /** The unit of the figure a workload is ranked by, as a person reads it. */
    static String unit(Workload w) {
        return switch (w.rankedBy()) {
            case MIBPS -> "MiB/s";
            case LAT_P99 -> "µs p99 latency";
            case LAT_P50 -> "µs p50 latency";
            case SYS_PCT -> "%system";
            case CPU_PER_IO -> "CPU µs per I/O";
            case START_MS -> "ms per start";
            case IOPS -> w == Workload.SMALL_FILES ? "transactions/s" : "IOPS";
        };
    }

    /** A scheduler's figure is a measurement when some run of it measured something. */
    private static boolean measured(double median) {
        return median > 0;
    }

    /** NaN for no values. */
    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        if (n == 0) return Double.NaN;
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** A ratio as a signed difference: 1.12 → "+12 %", 0.83 → "−17 %". */
    static String percent(double ratio) {
        double pct = (ratio - 1) * 100;
        String digits = Math.abs(pct) < 10 ? String.format(Locale.ROOT, "%.1f", Math.abs(pct)) : String.format(Locale.ROOT, "%.0f", Math.abs(pct));
        if (digits.equals("0.0")) return "±0 %";
        return (pct < 0 ? "−" : "+") + digits + " %";
    }

    static String format(double value, Metric metric) {
        if (metric == Metric.MIBPS || metric == Metric.START_MS) return value < 100 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%,.0f", value);
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
