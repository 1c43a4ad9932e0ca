package io.github.elevator.rules;

/**
 * What one other setter does to one disk present now: the scheduler it writes ({@code null} when a
 * script writes one Elevator cannot name), whether that is certain or depends on something Elevator
 * cannot read (a udev property, a driver), and how the setting names the disk when it is not by
 * its kernel name (a {@code /dev/disk/by-id} name in TLP's list).
 */
public record DiskEffect(String device, String scheduler, boolean certain, String via) {

    /** "sda: bfq", "sdb (ata-WDC_WD10, by id): mq-deadline", "mmcblk0: bfq, if …". */
    public String describe() {
        String name = via == null ? device : device + " (" + via + ")";
        return name + ": " + (scheduler == null ? "a scheduler Elevator cannot name" : scheduler)
                + (certain ? "" : " (perhaps: it depends on what Elevator cannot read)");
    }
}
