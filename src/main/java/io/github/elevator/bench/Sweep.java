package io.github.elevator.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Runs a {@link SweepPlan} on one device and puts the original scheduler back afterwards,
 * whether the sweep finished, failed or was cancelled. Switches happen between timed runs,
 * never inside one.
 */
public final class Sweep {

    /** Reads and sets the device's scheduler (the helper's validated, confirming writer). */
    public interface SchedulerControl {
        String active() throws IOException;

        void set(String scheduler) throws IOException;
    }

    /** What each workload runs, and with which engine. */
    public interface Loads {
        TimedRun.Load forWorkload(Workload workload) throws IOException;

        String engine(Workload workload);
    }

    public interface Listener {
        void progress(int done, int total, double secondsLeft, String doing);

        void sample(Sample sample);

        void run(RunResult result);
    }

    private final SchedulerControl control;
    private final Loads loads;
    private final TimedRun timed;

    public Sweep(SchedulerControl control, Loads loads, TimedRun timed) {
        this.control = control;
        this.loads = loads;
        this.timed = timed;
    }

    public List<RunResult> run(SweepPlan plan, Listener listener, BooleanSupplier cancelled)
            throws IOException, TimedRun.CancelledException {
        String original = control.active();
        List<RunResult> results = new ArrayList<>();
        List<SweepPlan.Step> steps = plan.steps();
        try {
            String current = original;
            for (int i = 0; i < steps.size(); i++) {
                if (cancelled.getAsBoolean()) throw new TimedRun.CancelledException();
                SweepPlan.Step step = steps.get(i);
                if (!step.scheduler().equals(current)) {
                    control.set(step.scheduler());
                    current = step.scheduler();
                }
                double left = (steps.size() - i) * (plan.seconds() + plan.warmupSeconds());
                listener.progress(i, steps.size(), left, step.workload().id() + " under " + step.scheduler()
                        + " (" + step.repeat() + " of " + plan.repeats() + ")");
                RunResult r = timed.run(step.scheduler(), step.workload(), step.repeat(), loads.engine(step.workload()),
                        plan.warmupSeconds(), plan.seconds(), loads.forWorkload(step.workload()), listener::sample, cancelled);
                results.add(r);
                listener.run(r);
            }
            listener.progress(steps.size(), steps.size(), 0, "done");
            return results;
        } finally {
            if (original != null && !original.equals(control.active())) control.set(original);
        }
    }
}
