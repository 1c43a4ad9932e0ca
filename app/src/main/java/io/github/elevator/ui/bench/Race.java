package io.github.elevator.ui.bench;

import io.github.elevator.bench.design.Figure;
import io.github.elevator.bench.design.PairVerdict;
import io.github.elevator.bench.design.WorkloadDecision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The race of one workload: after every look, each scheduler's figure from the decision and the
 * interval of its pair with the reference (the scheduler the decision ranks first), so the bands
 * narrow block by block as the design gathers evidence. Reads the decision; ranks nothing itself.
 */
final class Race {
    private final Map<String, List<RacePoint>> bySched = new LinkedHashMap<>();

    /** Adds the look {@code d}; a look at as many blocks as the last one replaces it. */
    void look(WorkloadDecision d) {
        Figure reference = d.figures().stream().filter(f -> !Double.isNaN(f.value())).findFirst().orElse(null);
        if (reference == null) return;
        for (Figure f : d.figures()) {
            if (Double.isNaN(f.value())) continue;
            double lo = f.value(), hi = f.value();
            PairVerdict pair = f == reference ? null : d.pair(f.scheduler(), reference.scheduler());
            double[] ci = pair == null ? null : pair.ci95();
            if (ci != null) {
                lo = reference.value() * ci[0];
                hi = reference.value() * ci[1];
            }
            List<RacePoint> points = bySched.computeIfAbsent(f.scheduler(), s -> new ArrayList<>());
            if (!points.isEmpty() && points.get(points.size() - 1).blocks() == d.blocks()) points.remove(points.size() - 1);
            points.add(new RacePoint(f.scheduler(), d.blocks(), f.value(), Math.min(lo, f.value()), Math.max(hi, f.value())));
        }
    }

    /** Per scheduler its estimates so far, in the order they first had a figure. */
    Map<String, List<RacePoint>> points() {
        Map<String, List<RacePoint>> copy = new LinkedHashMap<>();
        bySched.forEach((s, list) -> copy.put(s, List.copyOf(list)));
        return copy;
    }
}
