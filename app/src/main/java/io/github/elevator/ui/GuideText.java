package io.github.elevator.ui;

import io.github.elevator.ui.devices.SchedulerGuide;

/** The words the window offers a newcomer. */
final class GuideText {
    static final String FIRST_RUN = "New here? Pick a device, press \u201cBenchmark all schedulers\u201d (it only reads the disk),"
            + " then apply the winner or make it a rule so it stays.";

    private GuideText() {
    }

    static String schedulers() {
        return SchedulerGuide.text();
    }
}
