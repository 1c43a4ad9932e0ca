package io.github.elevator.bench.design;

import com.google.gson.annotations.SerializedName;

/**
 * Why one scheduler is recommended among the leaders of a workload (those no other was decided
 * faster than), in the order the rule tries them.
 */
public enum Basis {
    /** No other scheduler can be the best: every other one was decided behind it. */
    @SerializedName("only-leader") ONLY_LEADER,
    /** Among leaders, its CPU per I/O was decided lower than every other leader's (95 %). */
    @SerializedName("least-cpu") LEAST_CPU,
    /** A leader, and what the kernel gives this device by itself. */
    @SerializedName("kernel-default") KERNEL_DEFAULT,
    /** A leader, and the device uses it already: nothing needs to change. */
    @SerializedName("in-use") IN_USE,
    /** None of the above: the one whose design does the least work per request ({@link LightestFirst}). */
    @SerializedName("lightest-by-design") LIGHTEST_BY_DESIGN,
    /** Reports made before the lightest by design was the last tie-break: the least CPU per I/O measured, not decided. */
    @SerializedName("least-cpu-measured") LEAST_CPU_MEASURED,
    /** Reports made before the lightest by design was the last tie-break, without CPU figures: the best measured. */
    @SerializedName("best-measured") BEST_MEASURED
}
