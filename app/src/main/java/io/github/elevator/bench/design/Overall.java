package io.github.elevator.bench.design;

import io.github.elevator.text.Sentences;
import io.github.elevator.text.Numbers;
import io.github.elevator.bench.Workload;
import io.github.elevator.text.Messages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a whole benchmark recommends for the device, from its workloads' decisions: the scheduler
 * that leads in every workload, if one does (of several, the one recommended for the most
 * workloads, then the kernel's own choice, then the one in use, then the lightest by design); otherwise the trade-off in one
 * sentence, offering the one recommended for the most workloads.
 *
 * @param scheduler null when there is nothing to apply
 * @param text      one or two sentences a person reads
 * @param basis     what the recommendation rests on, workload by workload (for a tooltip); empty without one
 */
public record Overall(String scheduler, String text, String basis) {
    public static final Overall NONE = new Overall(null, "", "");

    /** The decisions in the order the workloads ran; {@code budgetSeconds} for the advice when nothing is known yet. */
    public static Overall of(Map<String, WorkloadDecision> decisions, Preference preference, int budgetSeconds) {
        List<WorkloadDecision> all = new ArrayList<>(decisions.values());
        if (all.isEmpty()) return NONE;
        if (all.stream().anyMatch(d -> d.noiseFloor() != null)) return noiseFloors(all);
        if (all.stream().allMatch(d -> d.figures().size() < 2)) {
            String text = all.get(0).figures().isEmpty() ? Messages.text("bench.overall.nothing")
                    : Messages.text("bench.overall.only", all.get(0).figures().get(0).scheduler());
            return new Overall(null, text, "");
        }
        List<WorkloadDecision> chosen = all.stream().filter(d -> d.recommendation() != null).toList();
        if (chosen.isEmpty()) {
            int longer = Math.min(1800, Math.max(budgetSeconds * 3, 120));
            return new Overall(null, Messages.text("bench.overall.too-few", longer), "");
        }
        Map<String, List<String>> votes = new LinkedHashMap<>();
        for (WorkloadDecision d : chosen) votes.computeIfAbsent(d.recommendation(), s -> new ArrayList<>()).add(d.workload());
        List<String> everywhere = new ArrayList<>(chosen.get(0).choice().leaders());
        for (WorkloadDecision d : chosen) everywhere.retainAll(d.choice().leaders());
        String basis = basis(chosen);
        String open = notDecided(all, chosen);
        if (!everywhere.isEmpty()) {
            String winner = mostVoted(everywhere, votes, preference);
            List<String> mine = votes.getOrDefault(winner, List.of());
            String text;
            if (mine.size() == chosen.size()) {
                text = chosen.size() == 1 ? Messages.text("bench.overall.for-one", winner, mine.get(0))
                        : Messages.count("bench.overall.for-all", chosen.size(), winner);
            } else {
                List<String> picks = new ArrayList<>();
                votes.forEach((s, ws) -> picks.add(Messages.text("bench.overall.pick", s, Wording.list(ws))));
                text = Messages.text("bench.overall.everywhere", winner, Sentences.clauses(picks));
            }
            return new Overall(winner, Sentences.sentences(text, open), basis);
        }
        String winner = mostVoted(new ArrayList<>(votes.keySet()), votes, preference);
        List<String> tradeOff = new ArrayList<>();
        votes.forEach((s, ws) -> tradeOff.add(
                Messages.text("bench.overall.pick", s, Wording.list(ws.stream().map(Overall::purpose).toList()))));
        String text = Messages.text("bench.overall.trade-off", Sentences.clauses(tradeOff), winner);
        return new Overall(winner, Sentences.sentences(text, open), basis);
    }

    /**
     * Of the candidates, the one recommended for the most workloads; on a tie the kernel's choice, the one in use, then
     * the lightest by design (the candidates' own order is the measured one, which follows the noise).
     */
    private static String mostVoted(List<String> candidates, Map<String, List<String>> votes, Preference preference) {
        int most = candidates.stream().mapToInt(s -> votes.getOrDefault(s, List.of()).size()).max().orElse(0);
        List<String> top = candidates.stream().filter(s -> votes.getOrDefault(s, List.of()).size() == most).toList();
        if (top.contains(preference.kernelDefault())) return preference.kernelDefault();
        if (top.contains(preference.inUse())) return preference.inUse();
        return top.stream().min(LightestFirst.ORDERING).orElseThrow();
    }

    /** "seq-read has too few blocks for a recommendation." for the workloads without one; empty when every workload has one. */
    private static String notDecided(List<WorkloadDecision> all, List<WorkloadDecision> chosen) {
        List<String> open = all.stream().filter(d -> !chosen.contains(d)).map(WorkloadDecision::workload).toList();
        if (open.isEmpty()) return "";
        return Messages.count("bench.overall.open", open.size(), Wording.list(open));
    }

    /** "seq-read: none, as it is the kernel's own choice for this device (leaders none, kyber; bound 12 %)" per line. */
    private static String basis(List<WorkloadDecision> chosen) {
        List<String> lines = new ArrayList<>();
        for (WorkloadDecision d : chosen) {
            Choice c = d.choice();
            String line = c.basis().line(d.workload(), c.scheduler());
            if (c.bound() != null) {
                line = Messages.text("bench.overall.basis.bound", line, Sentences.commas(c.leaders()), Wording.percent(c.bound()));
            }
            lines.add(line);
        }
        return String.join("\n", lines);
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

    private static Overall noiseFloors(List<WorkloadDecision> all) {
        List<String> floors = new ArrayList<>();
        for (WorkloadDecision d : all) {
            if (d.noiseFloor() != null) {
                String floor = Numbers.local(String.format(Locale.ROOT, "%.1f", d.noiseFloor() * 100));
                floors.add(Messages.text("bench.noise.floor", d.workload(), floor));
            }
        }
        String text = floors.isEmpty() ? Messages.text("bench.noise.none") : Messages.text("bench.noise.floors", Sentences.commas(floors));
        return new Overall(null, Sentences.sentences(text, Messages.text("bench.noise.same-scheduler")), "");
    }
}
