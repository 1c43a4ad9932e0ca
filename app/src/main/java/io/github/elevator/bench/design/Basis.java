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
    /** The least CPU per I/O measured among the leaders, though that difference is not decided. */
    @SerializedName("least-cpu-measured") LEAST_CPU_MEASURED("it used the least CPU per I/O among them (not a decided difference)"),
    /** CPU per I/O is unknown: the best measured value among the leaders. */
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
