package io.github.elevator.bench.wording;

import io.github.elevator.bench.Workload;
import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Choice;
import io.github.elevator.bench.design.Overall;
import io.github.elevator.bench.design.Strength;
import io.github.elevator.bench.design.WorkloadDecision;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;
import io.github.elevator.text.Sentences;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a whole benchmark recommends, in words made from its numbers when it is shown. */
public final class OverallWords {
    private OverallWords() {
    }

    /** One or two sentences a person reads; empty for {@link Overall#NONE}. {@code decisions} in the order the workloads ran. */
    public static String text(Overall o, Map<String, WorkloadDecision> decisions) {
        List<WorkloadDecision> all = new ArrayList<>(decisions.values());
        List<WorkloadDecision> chosen = Overall.chosen(all);
        Map<String, List<String>> votes = Overall.votes(chosen);
        String winner = o.scheduler();
        String text = switch (o.kind()) {
            case NONE -> "";
            case NOISE -> noiseFloors(all);
            case NOTHING -> Messages.text("bench.overall.nothing");
            case ONLY -> Messages.text("bench.overall.only", all.get(0).figures().get(0).scheduler());
            case TOO_FEW -> Messages.text("bench.overall.too-few", o.longerSeconds());
            case FOR_ONE -> Messages.text("bench.overall.for-one", winner, votes.get(winner).get(0));
            case FOR_ALL -> Messages.count("bench.overall.for-all", chosen.size(), winner);
            case EVERYWHERE -> {
                List<String> picks = new ArrayList<>();
                votes.forEach((s, ws) -> picks.add(Messages.text("bench.overall.pick", s, PairWords.list(ws))));
                yield Messages.text("bench.overall.everywhere", winner, Sentences.clauses(picks));
            }
            case TRADE_OFF -> {
                List<String> tradeOff = new ArrayList<>();
                votes.forEach((s, ws) -> tradeOff.add(
                        Messages.text("bench.overall.pick", s, PairWords.list(ws.stream().map(OverallWords::purpose).toList()))));
                yield Messages.text("bench.overall.trade-off", Sentences.clauses(tradeOff), winner);
            }
        };
        if (winner == null) return text;
        String strength = strength(o, all);
        if (!strength.isEmpty()) {
            // a trade-off's or an everywhere-leader's own sentence says what was decided; the strength follows it
            text = o.kind() == Overall.Kind.TRADE_OFF || o.kind() == Overall.Kind.EVERYWHERE ? Sentences.sentences(text, strength) : strength;
        }
        return Sentences.sentences(text, notDecided(all, chosen));
    }

    /**
     * For an answer that is not measured, what it is instead, in the bold line's words:
     * "Equal: any of none, mq-deadline will do …" or "Not measured: this run could not tell none,
     * mq-deadline apart (…). none is named as a default: it is the kernel's own choice for this
     * device."; empty for a measured answer (its words say what was decided).
     */
    static String strength(Overall o, List<WorkloadDecision> all) {
        if (o.scheduler() == null || o.strength() == null || o.strength() == Strength.MEASURED) return "";
        String winner = o.scheduler();
        java.util.LinkedHashSet<String> leaders = new java.util.LinkedHashSet<>();
        double bound = 0;
        Choice named = null;
        for (WorkloadDecision d : all) {
            Choice c = d.choice();
            if (c.scheduler() == null || !c.leaders().contains(winner)) continue;
            leaders.addAll(c.leaders());
            bound = Math.max(bound, c.bound() == null ? Double.POSITIVE_INFINITY : c.bound());
            if (named == null || (winner.equals(c.scheduler()) && !winner.equals(named.scheduler()))) named = c;
        }
        if (named == null) return "";
        String list = PairWords.list(List.copyOf(leaders));
        String why = winner.equals(named.scheduler()) ? DecisionWords.reason(named.basis()) : Messages.text("bench.strength.leads");
        double margin = all.stream().mapToDouble(WorkloadDecision::margin).max().orElse(0);
        if (o.strength() == Strength.EQUAL) return Messages.text("bench.strength.equal", list, PairWords.percent(bound), winner, why);
        String naming = winner.equals(named.scheduler()) && named.basis() == Basis.LEAST_CPU
                ? Messages.text("bench.strength.named.cpu", winner) : Messages.text("bench.strength.named.default", winner, why);
        if (!PairWords.measurable(bound)) return Messages.text("bench.strength.not-measured.unbounded", list, naming);
        return Messages.text("bench.strength.not-measured", list, PairWords.percent(bound), Numbers.whole(Strength.NOT_MEASURED_FACTOR),
                PairWords.percent(margin), naming);
    }

    /** What the recommendation rests on, one line per workload that recommends (for a tooltip); empty without a recommendation. */
    public static String basis(Overall o, Map<String, WorkloadDecision> decisions) {
        if (o.scheduler() == null) return "";
        List<String> lines = new ArrayList<>();
        for (WorkloadDecision d : Overall.chosen(decisions.values())) {
            Choice c = d.choice();
            String line = line(c, d.workload());
            if (c.bound() != null) {
                line = PairWords.measurable(c.bound())
                        ? Messages.text("bench.overall.basis.bound", line, Sentences.commas(c.leaders()), PairWords.percent(c.bound()))
                        : Messages.text("bench.overall.basis.unmeasurable", line, Sentences.commas(c.leaders()));
            }
            lines.add(line);
        }
        return String.join("\n", lines);
    }

    /**
     * What one workload's recommendation rests on, as a line of its own: "seq-read: none, as it is
     * the kernel's own choice for this device". A sentence of its own per basis, as a language may
     * word the reason after "as" otherwise than after "is recommended:".
     */
    private static String line(Choice c, String workload) {
        return switch (c.basis()) {
            case ONLY_LEADER -> Messages.text("bench.overall.basis.only-leader", workload, c.scheduler());
            case LEAST_CPU -> Messages.text("bench.overall.basis.least-cpu", workload, c.scheduler());
            case KERNEL_DEFAULT -> Messages.text("bench.overall.basis.kernel-default", workload, c.scheduler());
            case IN_USE -> Messages.text("bench.overall.basis.in-use", workload, c.scheduler());
            case LIGHTEST_BY_DESIGN -> Messages.text("bench.overall.basis.lightest-by-design", workload, c.scheduler());
            case LEAST_CPU_MEASURED -> Messages.text("bench.overall.basis.least-cpu-measured", workload, c.scheduler());
            case BEST_MEASURED -> Messages.text("bench.overall.basis.best-measured", workload, c.scheduler());
        };
    }

    /** "seq-read has too few blocks for a recommendation." for the workloads without one; empty when every workload has one. */
    private static String notDecided(List<WorkloadDecision> all, List<WorkloadDecision> chosen) {
        List<String> open = all.stream().filter(d -> !chosen.contains(d)).map(WorkloadDecision::workload).toList();
        if (open.isEmpty()) return "";
        return Messages.count("bench.overall.open", open.size(), PairWords.list(open));
    }

    /** What a workload stands for, in a trade-off: "none for throughput, bfq for reads while writing". */
    static String purpose(String workload) {
        return Workload.byId(workload).map(w -> switch (w) {
            case SEQ_READ -> Messages.text("bench.purpose.seq-read");
            case RAND_READ -> Messages.text("bench.purpose.rand-read");
            case RAND_READ_QD32 -> Messages.text("bench.purpose.rand-read-qd32");
            case SMALL_FILES -> Messages.text("bench.purpose.small-files");
            case READ_UNDER_WRITE -> Messages.text("bench.purpose.read-under-write");
            case START_UNDER_WRITE -> Messages.text("bench.purpose.start-under-write");
        }).orElse(workload);
    }

    private static String noiseFloors(List<WorkloadDecision> all) {
        List<String> floors = new ArrayList<>();
        for (WorkloadDecision d : all) {
            if (d.noiseFloor() != null) {
                String floor = Numbers.fixed(d.noiseFloor() * 100, 1);
                floors.add(Messages.text("bench.noise.floor", d.workload(), floor));
            }
        }
        String text = floors.isEmpty() ? Messages.text("bench.noise.none") : Messages.text("bench.noise.floors", Sentences.commas(floors));
        return Sentences.sentences(text, Messages.text("bench.noise.same-scheduler"));
    }
}
