package io.github.elevator.bench.design;

/**
 * What the device would have without anyone's choice and what it has now: the tie-breaks between
 * leaders that no measurement tells apart. Either may be null (unknown; a noise check has neither).
 *
 * @param kernelDefault the scheduler the kernel itself gives this device
 * @param inUse         the scheduler the device used when the benchmark started
 */
public record Preference(String kernelDefault, String inUse) {
    public static final Preference NONE = new Preference(null, null);
}
