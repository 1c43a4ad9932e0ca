package io.github.elevator.app;

/** What a benchmark compares. */
public enum BenchmarkMode {
    /** The current scheduler alone: a quick look at the device. */
    CURRENT,
    /** Every scheduler the device offers, or the chosen ones, in blocks. */
    ALL,
    /**
     * The current scheduler in every slot of the design, labelled as if they were different
     * schedulers: what the method calls different here is noise, and the noise floor shows.
     */
    NOISE_CHECK
}
