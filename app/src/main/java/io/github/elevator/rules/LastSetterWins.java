package io.github.elevator.rules;

import io.github.elevator.text.Messages;

import java.util.List;

/**
 * Which other setter explains a disk's scheduler, or will replace a rule's: among the setters
 * that reach the disk, the last to run wins (udev rules by file name, then TuneD and TLP, which
 * run after udev), and one whose reach is certain counts before one that perhaps reaches it.
 */
public final class LastSetterWins {
    private LastSetterWins() {
    }

    /** The setter that gave {@code device} the scheduler {@code active}, or null when none of them sets it. */
    public static OtherSetter gave(String device, String active, List<OtherSetter> overriders) {
        return last(device, overriders, active, false);
    }

    /** A setter that runs after Elevator's rules and surely writes something other than {@code scheduler} on {@code device}, or null. */
    public static OtherSetter replaces(String device, String scheduler, List<OtherSetter> overriders) {
        return last(device, overriders, scheduler, true);
    }

    private static OtherSetter last(String device, List<OtherSetter> overriders, String scheduler, boolean other) {
        OtherSetter found = null;
        boolean foundCertain = false;
        for (OtherSetter o : overriders) {
            DiskEffect e = o.on(device);
            if (e == null || e.scheduler() == null || e.scheduler().equals(scheduler) == other) continue;
            if (other && (!o.afterElevator() || !e.certain())) continue; // a warning on a rule that holds needs a sure reason
            if (foundCertain && !e.certain()) continue;
            found = o;
            foundCertain = e.certain();
        }
        return found;
    }

    /** "TLP at /etc/tlp.conf:12 sets bfq on sda when TLP starts, …, after Elevator's rules, so sda does not keep none". */
    public static String replacing(OtherSetter o, String device, String scheduler) {
        return Messages.text("ruleset.overriding.replacing", sets(o, device), device, scheduler);
    }

    /** "TLP at /etc/tlp.conf:12 sets bfq on sda when TLP starts, …". */
    public static String sets(OtherSetter o, String device) {
        DiskEffect e = o.on(device);
        String key = e.certain() ? "ruleset.overriding.sets" : "ruleset.overriding.sets.perhaps";
        return e.via() == null ? Messages.text(key, o.who(), e.scheduler(), device, o.source().when())
                : Messages.text(key + ".via", o.who(), e.scheduler(), device, e.via(), o.source().when());
    }
}
