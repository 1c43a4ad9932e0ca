package io.github.elevator.ui.bench;

import io.github.elevator.bench.Metric;
import io.github.elevator.bench.RunResult;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairVerdict;
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
 */
public record Comparison(String workload, String unit, String reference, String recommendation, String status,
                         String why, List<String> pairs, List<Row> rows, Double noiseFloor, String skipped) {

    /**
     * One scheduler: {@code ratio} is its metric over the reference's, {@code low}/{@code high} the
     * pair's 95 % interval (NaN when the design gave none, e.g. before the first block).
     */
    public record Row(String scheduler, String value, double ratio, double low, double high, String versus,
                      String verdict, boolean recommended, int runs) {
        public boolean hasInterval() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    public boolean ran() {
        return skipped == null;
    }

    /** The comparison of {@code workload} from its runs and the design's decision (null before the first block). */
    static Comparison of(String workload, WorkloadDecision decision, List<RunResult> runs, String legacyVerdict) {
        Workload w = Workload.byId(workload).orElse(null);
        Metric metric = w == null ? Metric.IOPS : w.rankedBy();
        String unit = w == null ? metric.label() : w.unit();
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (RunResult r : runs) {
            if (r.workload().equals(workload)) values.computeIfAbsent(r.scheduler(), s -> new ArrayList<>()).add(metric.of(r));
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        values.forEach((s, v) -> medians.put(s, median(v)));
        boolean noiseCheck = decision != null && decision.noiseFloor() != null;
        Comparator<String> best = Comparator.comparingDouble(medians::get);
        if (metric.higherIsBetter()) best = best.reversed();
        List<String> order = new ArrayList<>(medians.keySet());
        order.sort(noiseCheck ? Comparator.naturalOrder() : best); // a noise check's slots A, B, C … in their order
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
            double ratio = pair != null ? pair.ratio() : medians.get(s) / medians.get(reference);
            double low = pair != null ? pair.ci95()[0] : Double.NaN;
            double high = pair != null ? pair.ci95()[1] : Double.NaN;
            String verdict = s.equals(reference) ? "" : pair == null ? "" : words(pair.verdict(), decision.margin());
            String versus = s.equals(reference) ? "reference" : pair != null
                    ? percent(ratio) + " (" + percent(low).replace(" %", "") + " to " + percent(high) + ")"
                    : percent(ratio);
            rows.add(new Row(s, format(medians.get(s), metric), ratio, low, high, versus, verdict,
                    s.equals(recommendation), values.get(s).size()));
        }
        String status;
        String why;
        List<String> pairs = new ArrayList<>();
        if (decision != null) {
            status = decision.toDecide() == 0 ? "" : decision.complete()
                    ? "decided all " + decision.toDecide() + " pairs"
                    : "decided " + decision.decided() + " of " + decision.toDecide() + " pairs";
            why = decision.why();
            for (PairVerdict p : decision.pairs()) pairs.add(decision.sentence(p));
        } else {
            status = values.isEmpty() ? "waiting" : "";
            why = legacyVerdict == null ? "" : legacyVerdict;
        }
        return new Comparison(workload, unit, reference, recommendation, status, why == null ? "" : why, pairs, rows,
                noiseCheck ? decision.noiseFloor() : null, null);
    }

    /** A workload that could not run on this device. */
    static Comparison skipped(String workload, String reason) {
        Workload w = Workload.byId(workload).orElse(null);
        return new Comparison(workload, w == null ? "" : w.unit(), null, null, "skipped", "", List.of(), List.of(), null, reason);
    }

    /** The pair of {@code s} and {@code reference}, turned so that its ratio is s over the reference. */
    private static PairVerdict oriented(List<PairVerdict> pairs, String s, String reference) {
        for (PairVerdict p : pairs) {
            if (p.a().equals(s) && p.b().equals(reference)) return p;
            if (p.a().equals(reference) && p.b().equals(s)) {
                String flipped = switch (p.verdict()) {
                    case "faster" -> "slower";
                    case "slower" -> "faster";
                    default -> p.verdict();
                };
                return new PairVerdict(s, reference, 1 / p.ratio(), new double[] {1 / p.ci95()[1], 1 / p.ci95()[0]}, flipped);
            }
        }
        return null;
    }

    private static String words(String verdict, double margin) {
        return switch (verdict) {
            case "faster" -> "faster";
            case "slower" -> "slower";
            case "equivalent" -> "equal within " + trim(margin * 100) + " %";
            default -> "not decided";
        };
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
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
        if (metric == Metric.MIBPS) return value < 100 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%,.0f", value);
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
