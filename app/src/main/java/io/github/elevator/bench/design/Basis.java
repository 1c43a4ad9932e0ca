package io.github.elevator.bench.design;

import com.google.gson.annotations.SerializedName;

/**
 * Why one scheduler is recommended among the leaders of a workload (those no other was decided
 * faster than), in the order the rule tries them.
 */
public enum Basis {
    /** No other scheduler can be the best: every other one was decided behind it. */
    @SerializedName("only-leader") ONLY_LEADER("the only one no other was decided faster than"),
    /** Among leaders, its CPU per I/O was decided lower than every other leader's (95 %). */
    @SerializedName("least-cpu") LEAST_CPU("it costs the least CPU per I/O among them, a decided difference"),
    /** A leader, and what the kernel gives this device by itself. */
    @SerializedName("kernel-default") KERNEL_DEFAULT("it is the kernel's own choice for this device"),
    /** A leader, and the device uses it already: nothing needs to change. */
    @SerializedName("in-use") IN_USE("the device uses it already, so nothing needs to change"),
    /** None of the above: the one whose design does the least work per request ({@link LightestFirst}). */
    @SerializedName("lightest-by-design") LIGHTEST_BY_DESIGN("of them, it does the least work per request by design"
            + " (none, then mq-deadline, kyber, bfq)"),
    /** Reports made before the lightest by design was the last tie-break: the least CPU per I/O measured, not decided. */
    @SerializedName("least-cpu-measured") LEAST_CPU_MEASURED("it used the least CPU per I/O among them (not a decided difference)"),
    /** Reports made before the lightest by design was the last tie-break, without CPU figures: the best measured. */
    @SerializedName("best-measured") BEST_MEASURED("it measured best among them (not a decided difference)");

    private final String reason;

    Basis(String reason) {
        this.reason = reason;
    }

    /** The reason as the end of a sentence: "… is recommended: REASON". */
    public String reason() {
        return reason;
    }
}
