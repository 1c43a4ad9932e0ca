package io.github.elevator.ui.bench;

import io.github.elevator.bench.wording.DecisionWords;
import io.github.elevator.bench.Metric;
import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.Verdict;
import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.util.ArrayList;
import java.util.List;

/**
 * One workload's comparison as the window shows it, read from the report's decision and nothing
 * else: each scheduler's figure (the geometric mean over complete blocks, which ranks them) in
 * the ranking's order, its paired ratio to the reference (the recommendation, else the first)
 * with the pair's interval, whether it leads or is behind, the decision and every pair's verdict
 * in words.
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
     * One scheduler: {@code ratio} is its figure over the reference's, {@code low}/{@code high} the
     * pair's interval (NaN when the design gave none, e.g. before the third block).
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

    /**
     * The comparison of {@code workload} from the design's decision; null before the first look.
     * {@code legacyVerdict}: the why of a report from before the paired design, which has none.
     */
    static Comparison of(String workload, WorkloadDecision read, String legacyVerdict) {
        Workload w = Workload.byId(workload).orElse(null);
        Metric metric = w == null ? Metric.IOPS : w.rankedBy();
        String unit = w == null ? metric.label() : unit(w);
        if (read == null) {
            String why = legacyVerdict == null ? "" : legacyVerdict;
            return new Comparison(workload, unit, null, null, legacyVerdict == null ? Messages.text("ui.bench.status.waiting") : "", why,
                    List.of(), List.of(), null, null);
        }
        // a decision read back from a saved report has no workload or metric: its key tells them
        WorkloadDecision decision = read.metric() != null ? read : read.as(workload, metric);
        boolean noiseCheck = decision.noiseFloor() != null;
        String recommendation = noiseCheck ? null : decision.recommendation();
        List<Figure> figures = decision.figures();
        String reference = recommendation != null ? recommendation : figures.isEmpty() ? null : figures.get(0).scheduler();
        List<Row> rows = new ArrayList<>();
        for (Figure f : figures) {
            boolean isReference = f.scheduler().equals(reference);
            PairVerdict pair = isReference ? null : decision.pair(f.scheduler(), reference);
            boolean paired = pair != null && pair.ratio() != null;
            boolean interval = paired && pair.ci95() != null;
            double ratio = isReference ? 1 : paired ? pair.ratio() : Double.NaN;
            double low = interval ? pair.ci95()[0] : Double.NaN;
            double high = interval ? pair.ci95()[1] : Double.NaN;
            // a scheduler none of whose blocks measured anything has no figure: never shown as a difference
            String versus = !(f.value() > 0) ? Messages.text("ui.bench.versus.none") : isReference ? Messages.text("ui.bench.role.reference")
                    : !paired ? "–" : interval
                    ? Messages.text("ui.bench.versus.interval", percent(ratio), percent(low).replace(" %", ""), percent(high))
                    : percent(ratio);
            rows.add(new Row(f.scheduler(), Double.isNaN(f.value()) ? "–" : format(f.value(), metric), ratio, low, high, versus,
                    role(f, pair, isReference, recommendation != null, noiseCheck, decision.margin()), f.scheduler().equals(recommendation),
                    f.blocks(), f.cpuPerIo() > 0 ? Numbers.fixed(f.cpuPerIo(), 1) : "–"));
        }
        List<String> pairs = new ArrayList<>();
        for (PairVerdict p : decision.pairs()) pairs.add(DecisionWords.sentence(decision, p));
        return new Comparison(workload, unit, reference, recommendation, decision.toDecide() == 0 ? "" : DecisionWords.progress(decision),
                DecisionWords.why(decision), pairs, rows, noiseCheck ? decision.noiseFloor() : null, null);
    }

    /**
     * What a row is, in one or two words: the recommended one, a leader (with how it stands to the
     * reference), or behind; in a noise check, only the pair's verdict against the first slot.
     */
    private static String role(Figure f, PairVerdict pair, boolean isReference, boolean recommends, boolean noiseCheck, double margin) {
        if (isReference) return recommends ? Messages.text("ui.bench.role.recommended") : Messages.text("ui.bench.role.reference");
        String versus = pair == null ? "" : switch (pair.verdict()) {
            case FASTER -> Messages.text("ui.bench.role.faster");
            case SLOWER -> Messages.text("ui.bench.role.slower");
            case EQUIVALENT -> Messages.text("ui.bench.role.equal", trim(margin * 100));
            case UNDECIDED -> Messages.text("ui.bench.role.undecided");
        };
        if (noiseCheck) return versus;
        if (!f.leader()) return Messages.text("ui.bench.role.behind");
        boolean apart = pair != null && (pair.verdict() == Verdict.FASTER || pair.verdict() == Verdict.SLOWER);
        return versus.isEmpty() || apart ? Messages.text("ui.bench.role.leader") : Messages.text("ui.bench.role.leader-and", versus);
    }

    /** A workload that could not run on this device. */
    static Comparison skipped(String workload, String reason) {
        Workload w = Workload.byId(workload).orElse(null);
        return new Comparison(workload, w == null ? "" : unit(w), null, null, Messages.text("ui.bench.status.skipped"), "", List.of(),
                List.of(), null, reason);
    }

    /** The unit of the figure a workload is ranked by, as a person reads it. */
    static String unit(Workload w) {
        return switch (w.rankedBy()) {
            case MIBPS -> "MiB/s"; // untranslated: a unit
            case LAT_P99 -> Messages.text("ui.bench.unit.p99");
            case LAT_P50 -> Messages.text("ui.bench.unit.p50");
            case SYS_PCT -> "%system"; // untranslated: the kernel's and top's name of the figure
            case CPU_PER_IO -> Messages.text("ui.bench.unit.cpu-per-io");
            case START_MS -> Messages.text("ui.bench.unit.start");
            case IOPS -> w == Workload.SMALL_FILES ? Messages.text("ui.bench.unit.transactions") : "IOPS";
        };
    }

    /** A ratio as a signed difference: 1.12 → "+12 %", 0.83 → "−17 %". */
    static String percent(double ratio) {
        double pct = (ratio - 1) * 100;
        if (Math.abs(pct) < 0.05) return "±0 %";
        String digits = Numbers.fixed(Math.abs(pct), Math.abs(pct) < 10 ? 1 : 0);
        return (pct < 0 ? "−" : "+") + digits + " %";
    }

    static String format(double value, Metric metric) {
        if (metric == Metric.MIBPS || metric == Metric.START_MS) return Numbers.fixed(value, value < 100 ? 1 : 0);
        return Numbers.whole(value);
    }

    static String trim(double value) {
        return value == Math.rint(value) ? Numbers.whole(value) : Numbers.fixed(value, 1);
    }
}
