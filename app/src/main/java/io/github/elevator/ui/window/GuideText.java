package io.github.elevator.ui.window;

import io.github.elevator.text.Messages;
import io.github.elevator.ui.devices.SchedulerGuide;

/** The words the window offers a newcomer. */
final class GuideText {
    static final String FIRST_RUN = Messages.text("ui.hint.first-run");

    private GuideText() {
    }

    static String schedulers() {
        return SchedulerGuide.text();
    }
}
