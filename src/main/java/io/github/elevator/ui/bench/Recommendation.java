package io.github.elevator.ui.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the whole benchmark recommends for the device, in words: the scheduler recommended for
 * the most workloads, or, when none is, what to do next.
 *
 * @param scheduler   null when there is nothing to apply
 * @param widerMargin with nothing recommended: the margin (fraction) within which the leaders of
 *                    every undecided workload lie, to run again with; else null
 */
public record Recommendation(String scheduler, String text, Double widerMargin) {
    static final Recommendation NONE = new Recommendation(null, "", null);

    public Recommendation(String scheduler, String text) {
        this(scheduler, text, null);
    }

    static Recommendation of(List<Comparison> comparisons, boolean noiseCheck, int budgetSeconds) {
        List<Comparison> ran = comparisons.stream().filter(Comparison::ran).toList();
        if (ran.isEmpty()) {
            return comparisons.isEmpty() ? NONE
                    : new Recommendation(null, "No workload could run on this device; see why under each one.");
        }
        if (noiseCheck) return noiseFloors(ran);
        if (ran.stream().allMatch(c -> c.rows().size() < 2)) {
            String only = ran.get(0).rows().isEmpty() ? "nothing" : ran.get(0).rows().get(0).scheduler();
            return new Recommendation(null, "Only " + only + " was measured: run \"Benchmark all schedulers\" to compare.");
        }
        Map<String, List<String>> votes = new LinkedHashMap<>();
        for (Comparison c : ran) {
            if (c.recommendation() != null) votes.computeIfAbsent(c.recommendation(), s -> new ArrayList<>()).add(c.workload());
        }
        if (votes.isEmpty()) {
            Double wider = ran.stream().allMatch(c -> c.widerMargin() != null)
                    ? ran.stream().mapToDouble(Comparison::widerMargin).max().orElseThrow() : null;
            String margin = wider == null ? "" : " Or, if a difference of " + Math.round(wider * 100)
                    + " % does not matter to you, run it again with that margin: the leaders are within it.";
            return new Recommendation(null, advice(budgetSeconds) + margin, wider);
        }
        String winner = mostVoted(votes);
        List<String> mine = votes.get(winner);
        StringBuilder text = new StringBuilder("Recommended: ").append(winner);
        if (mine.size() == ran.size()) {
            text.append(ran.size() == 1 ? " for " + mine.get(0) + "." : ", for all " + ran.size() + " workloads.");
        } else {
            text.append(" (").append(String.join(", ", mine)).append(")");
            List<String> others = new ArrayList<>();
            votes.forEach((s, ws) -> {
                if (!s.equals(winner)) others.add(String.join(", ", ws) + " prefer" + (ws.size() == 1 ? "s " : " ") + s);
            });
            long open = ran.stream().filter(c -> c.recommendation() == null).count();
            if (open > 0) others.add(open + (open == 1 ? " workload is" : " workloads are") + " not decided");
            text.append("; ").append(String.join("; ", others)).append(".");
        }
        return new Recommendation(winner, text.toString());
    }

    /** The scheduler recommended for the most workloads; on a tie, the one named first. */
    private static String mostVoted(Map<String, List<String>> votes) {
        String winner = null;
        for (Map.Entry<String, List<String>> e : votes.entrySet()) {
            if (winner == null || e.getValue().size() > votes.get(winner).size()) winner = e.getKey();
        }
        return winner;
    }

    /** What to do when nothing could be recommended. */
    private static String advice(int budgetSeconds) {
        int longer = Math.min(1800, Math.max(budgetSeconds * 3, 120));
        return "No recommendation: the schedulers could not be told apart within the " + budgetSeconds + " s budget. "
                + "Try a longer budget (" + longer + " s), fewer workloads at once, or a quieter machine (close other programs); "
                + "a noise check shows the smallest difference this machine can resolve.";
    }

    private static Recommendation noiseFloors(List<Comparison> ran) {
        List<String> floors = new ArrayList<>();
        for (Comparison c : ran) {
            if (c.noiseFloor() != null) {
                floors.add(c.workload() + " " + String.format(Locale.ROOT, "%.1f", c.noiseFloor() * 100) + " %");
            }
        }
        String text = floors.isEmpty() ? "Noise check: no noise floor could be measured."
                : "Noise check: differences under " + String.join(", ", floors) + " cannot be resolved on this machine and device.";
        return new Recommendation(null, text + " The slots A, B, C, D all ran the same scheduler.");
    }
}
