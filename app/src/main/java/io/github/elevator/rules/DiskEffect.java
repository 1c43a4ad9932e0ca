package io.github.elevator.rules;

import io.github.elevator.text.Messages;

/**
 * What one other setter does to one disk present now: the scheduler it writes ({@code null} when a
 * script writes one Elevator cannot name), whether that is certain or depends on something Elevator
 * cannot read (a udev property, a driver), and how the setting names the disk when it is not by
 * its kernel name (a {@code /dev/disk/by-id} name in TLP's list).
 */
public record DiskEffect(String device, String scheduler, boolean certain, String via) {

    /** "sda: bfq", "sdb (ata-WDC_WD10, by id): mq-deadline", "mmcblk0: bfq, if …". */
    public String describe() {
        String name = via == null ? device : Messages.text("ruleset.effect.via", device, via);
        String what = scheduler == null ? Messages.text("ruleset.effect.unnamed") : scheduler;
        return Messages.text(certain ? "ruleset.effect" : "ruleset.effect.perhaps", name, what);
    }
}
