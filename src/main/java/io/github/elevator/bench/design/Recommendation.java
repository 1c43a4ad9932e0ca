package io.github.elevator.bench.design;

import io.github.elevator.bench.Metric;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Which scheduler to recommend from the pairs' verdicts, why, and how many of the pairs that
 * matter are decided. A scheduler is behind once another is decided faster than it; a pair
 * matters unless both of its schedulers are behind (then neither can be the best), or it is still
 * undecided and one of them is behind (its answer cannot change which is the best, and the sweep
 * no longer runs that one).
 */
record Recommendation(String scheduler, String why, int decided, int toDecide) {

    /** The schedulers another is decided faster than. */
    static Set<String> behind(List<PairVerdict> pairs) {
        Set<String> behind = new HashSet<>();
        for (PairVerdict p : pairs) {
            if (p.verdict() == Verdict.FASTER) behind.add(p.b());
            if (p.verdict() == Verdict.SLOWER) behind.add(p.a());
        }
        return behind;
    }

    static Recommendation of(List<String> ranked, List<PairVerdict> pairs, CompleteBlocks data, Metric metric, double margin) {
        Set<String> behind = behind(pairs);
        int toDecide = 0, decided = 0;
        for (PairVerdict p : pairs) {
            boolean aBehind = behind.contains(p.a()), bBehind = behind.contains(p.b());
            if ((aBehind && bBehind) || (!p.verdict().decided() && (aBehind || bBehind))) continue;
            toDecide++;
            if (p.verdict().decided()) decided++;
        }
        List<String> leaders = ranked.stream().filter(s -> !behind.contains(s)).toList();
        List<String> behindInOrder = ranked.stream().filter(behind::contains).toList();
        String why;
        String scheduler = null;
        if (ranked.size() < 2) {
            why = ranked.isEmpty() ? "Nothing was measured." : "Only " + ranked.get(0) + " was measured: there is nothing to compare it with.";
        } else if (data.count() < PairedAnalysis.MIN_BLOCKS) {
            why = "Not decided: " + data.count() + " complete block" + (data.count() == 1 ? "" : "s") + " so far, at least "
                    + PairedAnalysis.MIN_BLOCKS + " are needed; " + Wording.WHAT_TO_DO + ".";
        } else if (leaders.size() == 1) {
            scheduler = leaders.get(0);
            why = Wording.sentence(closestWin(pairs, scheduler), metric, margin) + ".";
        } else if (pairs.stream().filter(p -> leaders.contains(p.a()) && leaders.contains(p.b())).allMatch(p -> p.verdict().decided())) {
            // Every decided pair among leaders is equivalent: one faster would have put the other behind.
            return equals(leaders, pairs, data, metric, margin, decided, toDecide);
        } else {
            List<PairVerdict> open = openAmongLeaders(pairs, behind);
            double unresolved = Wording.resolution(open);
            String who = behind.isEmpty() ? Wording.list(leaders) + " are"
                    : Wording.list(leaders) + " lead and " + Wording.list(behindInOrder) + (behindInOrder.size() == 1 ? " is" : " are")
                    + " behind, but the leaders are";
            why = "Not decided after " + data.count() + " blocks: " + who + " not told apart yet (differences under "
                    + Wording.percent(unresolved) + " % cannot be resolved so far); " + Wording.WHAT_TO_DO + whatMargin(open, margin) + ".";
        }
        return new Recommendation(scheduler, why, decided, toDecide);
    }

    /**
     * When the leaders' intervals all lie within some margin wider than the one asked for, say which:
     * a person to whom such a difference does not matter can run again with it (new blocks, judged
     * at that margin from the start), rather than read "equal" into these.
     */
    private static String whatMargin(List<PairVerdict> open, double margin) {
        OptionalDouble suggested = marginCovering(open, margin);
        if (suggested.isEmpty()) return "";
        String pct = Wording.percent(suggested.getAsDouble());
        return "; or, if a difference of " + pct + " % does not matter to you, run it again with a margin of " + pct + " %";
    }

    /** The margin (a fraction, whole percent, under 50 %) within which the undecided pairs among the leaders all lie. */
    static OptionalDouble widerMargin(List<PairVerdict> pairs, double margin) {
        return marginCovering(openAmongLeaders(pairs, behind(pairs)), margin);
    }

    /** The pairs still undecided of which neither scheduler is behind. */
    private static List<PairVerdict> openAmongLeaders(List<PairVerdict> pairs, Set<String> behind) {
        return pairs.stream().filter(p -> !p.verdict().decided() && !behind.contains(p.a()) && !behind.contains(p.b())).toList();
    }

    /** The margin wider than {@code margin}, in whole percent under 50 %, that every interval of {@code open} lies within. */
    private static OptionalDouble marginCovering(List<PairVerdict> open, double margin) {
        double within = 0;
        for (PairVerdict p : open) {
            if (p.ci95() == null) return OptionalDouble.empty();
            within = Math.max(within, Math.max(p.ci95()[1] - 1, 1 / p.ci95()[0] - 1));
        }
        double suggested = Math.ceil(within * 100) / 100;
        return open.isEmpty() || suggested <= margin || suggested >= 0.5 ? OptionalDouble.empty() : OptionalDouble.of(suggested);
    }

    /**
     * Leaders that are all equal within the margin: the one with clearly the least CPU per I/O
     * (its paired 95 % interval below every other leader's); without one, the best measured.
     */
    private static Recommendation equals(List<String> leaders, List<PairVerdict> pairs, CompleteBlocks data, Metric metric,
                                         double margin, int decided, int toDecide) {
        boolean cpuKnown = false;
        String thrifty = null;
        for (String candidate : leaders) {
            boolean lessThanAll = true;
            for (String other : leaders) {
                if (other.equals(candidate)) continue;
                LogDifferences d = LogDifferences.of(data.logCpuPerIo[data.indexOf(candidate)], data.logCpuPerIo[data.indexOf(other)]);
                if (d.n() < PairedAnalysis.MIN_BLOCKS) {
                    lessThanAll = false;
                    continue;
                }
                cpuKnown = true;
                lessThanAll &= d.interval(PairedAnalysis.ALPHA)[1] < 0;
            }
            if (lessThanAll) thrifty = candidate;
        }
        String chosen = thrifty != null ? thrifty : leaders.get(0);
        List<String> others = new ArrayList<>(leaders);
        others.remove(chosen);
        String why = chosen + ": as fast as " + Wording.list(others) + " (within " + Wording.percent(margin) + " %)";
        if (thrifty != null) why += ", with the least CPU per I/O.";
        else why += "; CPU per I/O " + (cpuKnown ? "does not tell them apart" : "is unknown")
                + ", so the one with the best measured " + metric.label() + ".";
        return new Recommendation(chosen, why, decided, toDecide);
    }

    /**
     * The leader's narrowest decided lead: the pair with the runner-up, who can only be behind
     * because the leader beat it (pairs are oriented best first).
     */
    private static PairVerdict closestWin(List<PairVerdict> pairs, String leader) {
        return pairs.stream()
                .filter(p -> (p.a().equals(leader) && p.verdict() == Verdict.FASTER) || (p.b().equals(leader) && p.verdict() == Verdict.SLOWER))
                .min(Comparator.comparingDouble(p -> Math.abs(Math.log(p.ratio()))))
                .orElseThrow(() -> new IllegalStateException(leader + " leads without a decided lead"));
    }
}
