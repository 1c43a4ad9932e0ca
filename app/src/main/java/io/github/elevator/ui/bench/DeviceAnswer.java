package io.github.elevator.ui.bench;

import io.github.elevator.bench.design.Basis;
import io.github.elevator.bench.design.Strength;

/**
 * What a report recommends for the whole device, in the window's words: the scheduler to apply
 * (null when none), one or two sentences, what it rests on, workload by workload (for a tooltip),
 * how strong it is (null without a scheduler) and why that one was named (its basis in the first
 * workload that recommends it; null without one).
 */
public record DeviceAnswer(String scheduler, String text, String basis, Strength strength, Basis named) {
    public static final DeviceAnswer NONE = new DeviceAnswer(null, "", "", null, null);

    public DeviceAnswer(String scheduler, String text, String basis) {
        this(scheduler, text, basis, null, null);
    }

    /** An answer the person is to be asked about before it is made a rule: it measured nothing. */
    public boolean notMeasured() {
        return strength == Strength.NOT_MEASURED;
    }
}
