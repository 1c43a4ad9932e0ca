package io.github.elevator.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of a sweep: every workload under every scheduler, repeated, with the scheduler order
 * reversed on every other repeat (A B C D D C B A A B ...) so slow drift on a noisy machine does
 * not favour whichever scheduler comes first. Neighbouring runs share a scheduler where they can,
 * so switches are few.
 */
public record SweepPlan(List<String> schedulers, List<Workload> workloads, int repeats, double seconds, double warmupSeconds) {

    public static final int MAX_REPEATS = 20;
    public static final double MAX_SECONDS = 120;

    public SweepPlan {
        schedulers = List.copyOf(schedulers);
        workloads = List.copyOf(workloads);
        if (schedulers.isEmpty()) throw new IllegalArgumentException("no scheduler to measure");
        if (workloads.isEmpty()) throw new IllegalArgumentException("no workload chosen");
        if (repeats < 1 || repeats > MAX_REPEATS) throw new IllegalArgumentException("repeats must be between 1 and " + MAX_REPEATS);
        if (!(seconds > 0) || seconds > MAX_SECONDS) throw new IllegalArgumentException("seconds must be more than 0 and at most " + (int) MAX_SECONDS);
    }

    /** One timed run in the plan. */
    public record Step(String scheduler, Workload workload, int repeat) {
    }

    public List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        for (int r = 0; r < repeats; r++) {
            List<String> order = new ArrayList<>(schedulers);
            if (r % 2 == 1) java.util.Collections.reverse(order);
            for (String s : order) {
                for (Workload w : workloads) steps.add(new Step(s, w, r + 1));
            }
        }
        return steps;
    }

    /** Seconds the plan takes, warm-ups included, not counting switches. */
    public double estimatedSeconds() {
        return steps().size() * (seconds + warmupSeconds);
    }
}
