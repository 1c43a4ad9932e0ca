package io.github.elevator.ui.window;

import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.SchedulerGuide;

/** The words the window offers a newcomer. */
final class GuideText {
    private GuideText() {
    }

    /**
     * The first-run hint: where to start, and what the benchmark writes with the workloads ticked now
     * ({@code writePlan}, the panel's own line; empty when they only read).
     */
    static String firstRun(String writePlan) {
        return writePlan == null || writePlan.isBlank() ? Messages.text("ui.hint.first-run") : Messages.text("ui.hint.first-run.writes", writePlan);
    }

    static String schedulers() {
        return SchedulerGuide.text();
    }
}
