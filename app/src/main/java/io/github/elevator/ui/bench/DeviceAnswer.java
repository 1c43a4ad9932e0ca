package io.github.elevator.ui.bench;

/**
 * What a report recommends for the whole device, in the window's words: the scheduler to apply
 * (null when none), one or two sentences, and what it rests on, workload by workload (for a tooltip).
 */
public record DeviceAnswer(String scheduler, String text, String basis) {
    public static final DeviceAnswer NONE = new DeviceAnswer(null, "", "");
}
