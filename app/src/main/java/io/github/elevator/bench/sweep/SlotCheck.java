package io.github.elevator.bench.sweep;

import io.github.elevator.bench.RunResult;
import io.github.elevator.text.Messages;
import io.github.elevator.text.Numbers;

import java.io.IOException;

/**
 * A timed measurement that lasted far longer than it was meant to: Elevator was paused (SIGSTOP, a
 * suspended laptop) or starved, and its figures describe the pause, not the scheduler. The run is
 * broken, never decided: nothing of it is kept.
 */
final class SlotCheck {
    /** Longer than twice the time asked, and a second more (a switch, a loaded machine's scheduling), is no slot of the device's. */
    static boolean broken(double plannedSeconds, double measuredSeconds) {
        return measuredSeconds > 2 * plannedSeconds + 1;
    }

    private SlotCheck() {
    }

    /** {@code r}, or the failure that ends the run when it lasted far longer than {@code plannedSeconds}. */
    static RunResult whole(RunResult r, double plannedSeconds) throws IOException {
        return whole(r, plannedSeconds, r.seconds());
    }

    /** The same, where the slot took {@code slotSeconds} from its switch to its end, as the caller's clock tells. */
    static RunResult whole(RunResult r, double plannedSeconds, double slotSeconds) throws IOException {
        double took = Math.max(r.seconds(), slotSeconds);
        if (!broken(plannedSeconds, took)) return r;
        throw new IOException(Messages.text("app.sweep.broken-slot", r.workload(), r.scheduler(),
                Numbers.fixed(plannedSeconds, 1), Numbers.whole(took)));
    }
}
