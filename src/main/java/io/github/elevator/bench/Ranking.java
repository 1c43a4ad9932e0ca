package io.github.elevator.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The schedulers of one workload, best first by the workload's metric, whether the leader's
 * lead is outside the noise, and a verdict in words.
 */
public record Ranking(String workload, Metric metric, List<String> order, boolean significant, String verdict) {

    public String winner() {
        return order.isEmpty() ? null : order.get(0);
    }

    /** Ranks the repeats of each scheduler (scheduler → values of {@code metric}). */
    public static Ranking of(String workload, Metric metric, Map<String, List<Double>> valuesByScheduler) {
        Map<String, Statistics.Summary> summaries = new LinkedHashMap<>();
        valuesByScheduler.forEach((s, v) -> summaries.put(s, Statistics.summarize(v)));
        Comparator<String> best = Comparator.comparingDouble(s -> summaries.get(s).mean());
        if (metric.higherIsBetter()) best = best.reversed();
        List<String> order = new ArrayList<>(summaries.keySet());
        order.sort(best);
        if (order.size() < 2) {
            String only = order.isEmpty() ? "nothing was measured" : "only " + order.get(0) + " was measured";
            return new Ranking(workload, metric, order, false, only + ": run \"Benchmark all schedulers\" to compare");
        }
        Statistics.Summary leader = summaries.get(order.get(0));
        List<String> tied = new ArrayList<>();
        tied.add(order.get(0));
        for (String s : order.subList(1, order.size())) {
            if (!Statistics.significantlyDifferent(leader, summaries.get(s))) tied.add(s);
        }
        if (tied.size() == 1) {
            String second = order.get(1);
            double a = leader.mean(), b = summaries.get(second).mean();
            return new Ranking(workload, metric, order, true,
                    order.get(0) + " " + lead(metric, a, b) + " " + second + " (significant)");
        }
        StringBuilder verdict = new StringBuilder("no significant difference between ").append(list(tied));
        List<String> behind = order.stream().filter(s -> !tied.contains(s)).toList();
        if (!behind.isEmpty()) verdict.append("; ").append(list(behind)).append(behind.size() == 1 ? " is" : " are").append(" behind");
        return new Ranking(workload, metric, order, false, verdict.toString());
    }

    private static String lead(Metric metric, double leader, double second) {
        if (metric.higherIsBetter()) {
            return String.format(Locale.ROOT, "is %.0f %% faster than", (leader - second) / second * 100);
        }
        return String.format(Locale.ROOT, "has %.0f %% lower %s than", (second - leader) / second * 100, metric.label());
    }

    private static String list(List<String> names) {
        if (names.size() == 1) return names.get(0);
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
