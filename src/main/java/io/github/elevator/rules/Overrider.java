package io.github.elevator.rules;

/**
 * Something besides Elevator that sets I/O schedulers: a udev rule, a TuneD profile, or
 * {@code elevator=} on the kernel command line, with the file and line where it says so.
 * {@code scheduler} is null when the setting does not name one plainly (a script, say).
 */
public record Overrider(Source source, String file, int line, String text, String scheduler, String note) {

    public enum Source {
        UDEV("udev rule"), TUNED("TuneD profile"), KERNEL_COMMAND_LINE("kernel command line");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** "/usr/lib/udev/rules.d/60-ioschedulers.rules:12". */
    public String where() {
        return file + ":" + line;
    }

    /** One line for a person: where, what it sets, and what that means for Elevator's rules. */
    public String describe() {
        return where() + " — " + source.label() + (scheduler == null ? " sets schedulers" : " sets " + scheduler) + ". " + note;
    }
}
