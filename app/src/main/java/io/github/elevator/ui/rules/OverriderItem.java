package io.github.elevator.ui.rules;

import io.github.elevator.text.Messages;
import io.github.elevator.rules.OtherSetter;

/**
 * One other setter of schedulers as the Rules window lists it: where and what it sets, the setting
 * as written, what it does to each disk here ("" for none), and what that means for Elevator's
 * rules; {@code wins} when it runs after them on disks it reaches.
 */
public record OverriderItem(String heading, String setting, String disks, String note, boolean wins, String text) {

    public static OverriderItem of(OtherSetter o) {
        return new OverriderItem(o.headline(), o.text(), o.disks().isEmpty() ? "" : Messages.text("rules.overrider.here", o.onDisks()), o.note(),
                o.afterElevator() && !o.disks().isEmpty(), o.describe());
    }

    @Override
    public String toString() {
        return text;
    }
}
