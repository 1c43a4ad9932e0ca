package io.github.elevator.rules;

import io.github.elevator.text.Messages;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Something besides Elevator that sets I/O schedulers: a udev rule (a distribution's own, such as
 * Fedora's {@code 60-block-scheduler.rules}, or one written by hand), TLP's {@code DISK_IOSCHED},
 * a TuneD profile, or {@code elevator=} on the kernel command line, with the file and line where it
 * says so. {@code scheduler} is null when the setting does not name one plainly (a script, or a
 * list with a different scheduler per disk); {@code disks} is what it does to each disk present
 * now; {@code afterElevator} is true when it runs after Elevator's rules, so it wins where both
 * reach a disk.
 */
public record OtherSetter(Source source, String file, int line, String text, String scheduler, String note, List<DiskEffect> disks,
                        boolean afterElevator) {

    public enum Source {
        UDEV("ruleset.source.udev"),
        TLP("ruleset.source.tlp"),
        TUNED("ruleset.source.tuned"),
        KERNEL_COMMAND_LINE("ruleset.source.kernel");

        /** The key of its name; "KEY.who" names one setter of this kind in a sentence, "KEY.when" says when it runs. */
        private final String key;

        Source(String key) {
            this.key = key;
        }

        /** "udev rule", "TLP": for a heading. */
        public String label() {
            return Messages.text(key);
        }

        /** "udev rule at FILE:LINE": the setter at {@code where} as the subject of a sentence. */
        String who(String where) {
            return Messages.text(key + ".who", where);
        }

        /** When this kind of setter writes the scheduler. */
        public String when() {
            return Messages.text(key + ".when");
        }
    }

    public OtherSetter {
        disks = List.copyOf(disks);
    }

    /** "/usr/lib/udev/rules.d/60-ioschedulers.rules:12". */
    public String where() {
        return file + ":" + line;
    }

    /** What it does to this disk, or null when it does not reach it. */
    public DiskEffect on(String device) {
        return disks.stream().filter(e -> e.device().equals(device)).findFirst().orElse(null);
    }

    /** "TLP at /etc/tlp.conf:12": who, for a sentence. */
    public String who() {
        return source.who(where());
    }

    /** "/etc/tlp.conf:12 — TLP sets bfq". */
    public String headline() {
        return scheduler == null ? Messages.text("ruleset.overrider.headline.unnamed", where(), source.label())
                : Messages.text("ruleset.overrider.headline", where(), source.label(), scheduler);
    }

    /** "sda: bfq; sdb (ata-…): bfq": what it does to each disk here, or "" when it reaches none. */
    public String onDisks() {
        return disks.stream().map(DiskEffect::describe).collect(Collectors.joining("; "));
    }

    /** One line for a person: where, what it sets, on which disks here, and what that means for Elevator's rules. */
    public String describe() {
        return disks.isEmpty() ? Messages.text("ruleset.overrider.describe", headline(), note)
                : Messages.text("ruleset.overrider.describe.here", headline(), onDisks(), note);
    }
}
