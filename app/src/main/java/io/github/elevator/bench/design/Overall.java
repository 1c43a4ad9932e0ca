package io.github.elevator.bench.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a whole benchmark recommends for the device, from its workloads' decisions: the scheduler
 * that leads in every workload, if one does (of several, the one recommended for the most
 * workloads, then the kernel's own choice, then the one in use, then the lightest by design);
 * otherwise the trade-off, offering the one recommended for the most workloads. Its words are
 * made from this and the decisions where they are shown ({@code bench.wording}).
 *
 * @param scheduler     null when there is nothing to apply
 * @param kind          which case it is
 * @param longerSeconds for {@link Kind#TOO_FEW}: the budget to try next; 0 otherwise
 * @param strength      how strong the answer is ({@link Strength#of(String, java.util.Collection)}); null without a
 *                      scheduler, and in a report written before answers said it (then derived where it is read)
 */
public record Overall(String scheduler, Kind kind, int longerSeconds, Strength strength) {
    public static final Overall NONE = new Overall(null, Kind.NONE, 0);

    public Overall(String scheduler, Kind kind, int longerSeconds) {
        this(scheduler, kind, longerSeconds, null);
    }

    /** The same answer with its strength derived from the decisions (for reports written before answers said it). */
    public Overall withStrength(Map<String, WorkloadDecision> decisions) {
        return strength != null || scheduler == null ? this : new Overall(scheduler, kind, longerSeconds, Strength.of(scheduler, decisions.values()));
    }

    /** Why its scheduler was named: its basis in the first workload that recommends it; null without one. */
    public Basis named(Map<String, WorkloadDecision> decisions) {
        if (scheduler == null) return null;
        return decisions.values().stream().filter(d -> scheduler.equals(d.recommendation())).map(d -> d.choice().basis())
                .findFirst().orElse(null);
    }

    /** The cases of a whole benchmark's answer. */
    public enum Kind {
        /** Nothing to say (no decision yet). */
        NONE,
        /** A noise check: its floors. */
        NOISE,
        /** No scheduler was measured. */
        NOTHING,
        /** One scheduler only. */
        ONLY,
        /** No workload could recommend one yet. */
        TOO_FEW,
        /** The one workload that recommends one. */
        FOR_ONE,
        /** Every workload that recommends one recommends this one. */
        FOR_ALL,
        /** It leads everywhere, though some workloads recommend another leader. */
        EVERYWHERE,
        /** No scheduler leads everywhere: the one recommended for the most workloads. */
        TRADE_OFF
    }

    /** The decisions in the order the workloads ran; {@code budgetSeconds} for the advice when nothing is known yet. */
    public static Overall of(Map<String, WorkloadDecision> decisions, Preference preference, int budgetSeconds) {
        return choose(decisions, preference, budgetSeconds).withStrength(decisions);
    }

    private static Overall choose(Map<String, WorkloadDecision> decisions, Preference preference, int budgetSeconds) {
        List<WorkloadDecision> all = new ArrayList<>(decisions.values());
        if (all.isEmpty()) return NONE;
        if (all.stream().anyMatch(d -> d.noiseFloor() != null)) return new Overall(null, Kind.NOISE, 0);
        if (all.stream().allMatch(d -> d.figures().size() < 2)) return new Overall(null, all.get(0).figures().isEmpty() ? Kind.NOTHING : Kind.ONLY, 0);
        List<WorkloadDecision> chosen = chosen(decisions.values());
        if (chosen.isEmpty()) return new Overall(null, Kind.TOO_FEW, Math.min(1800, Math.max(budgetSeconds * 3, 120)));
        Map<String, List<String>> votes = votes(chosen);
        List<String> everywhere = new ArrayList<>(chosen.get(0).choice().leaders());
        for (WorkloadDecision d : chosen) everywhere.retainAll(d.choice().leaders());
        if (everywhere.isEmpty()) return new Overall(mostVoted(new ArrayList<>(votes.keySet()), votes, preference), Kind.TRADE_OFF, 0);
        String winner = mostVoted(everywhere, votes, preference);
        if (votes.getOrDefault(winner, List.of()).size() != chosen.size()) return new Overall(winner, Kind.EVERYWHERE, 0);
        return new Overall(winner, chosen.size() == 1 ? Kind.FOR_ONE : Kind.FOR_ALL, 0);
    }

    /** The decisions that recommend a scheduler, in the order given. */
    public static List<WorkloadDecision> chosen(java.util.Collection<WorkloadDecision> decisions) {
        return decisions.stream().filter(d -> d.recommendation() != null).toList();
    }

    /** The workloads each recommended scheduler is recommended for, in the order of {@code chosen}. */
    public static Map<String, List<String>> votes(List<WorkloadDecision> chosen) {
        Map<String, List<String>> votes = new LinkedHashMap<>();
        for (WorkloadDecision d : chosen) votes.computeIfAbsent(d.recommendation(), s -> new ArrayList<>()).add(d.workload());
        return votes;
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
}
