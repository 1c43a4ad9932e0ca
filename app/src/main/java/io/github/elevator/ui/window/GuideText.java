package io.github.elevator.ui.window;

import io.github.elevator.ui.startup.FirstRunHint;
import io.github.elevator.device.SchedulerGuide;

/** The words the window offers a newcomer. */
final class GuideText {
    private GuideText() {
    }

    /**
     * The first-run hint: where to start, and what the benchmark writes with the workloads ticked now
     * ({@code writePlan}, the panel's own line; empty when they only read).
     */
    static String firstRun(String writePlan) {
        return FirstRunHint.words(writePlan);
    }

    static String schedulers() {
        return SchedulerGuide.text();
    }
}
