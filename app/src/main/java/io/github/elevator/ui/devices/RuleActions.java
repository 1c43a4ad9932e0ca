package io.github.elevator.ui.devices;

/** What the device details offer to make a device's scheduler stick; the rules view-model does it. */
public interface RuleActions {
    /** "Use SCHEDULER for every KIND device": a rule for the device's kind. */
    void useForKind(DeviceRow row, String scheduler);

    /** "Use SCHEDULER for this device only": a rule for its WWN or serial. */
    void useForThisDevice(DeviceRow row, String scheduler);
}
