package io.github.elevator.bench.design;

import com.google.gson.annotations.SerializedName;
import io.github.elevator.text.Messages;

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
    @SerializedName("best-measured") BEST_MEASURED;

    /** The reason as the end of a sentence: "… is recommended: REASON". */
    public String reason() {
        return switch (this) {
            case ONLY_LEADER -> Messages.text("bench.basis.only-leader");
            case LEAST_CPU -> Messages.text("bench.basis.least-cpu");
            case KERNEL_DEFAULT -> Messages.text("bench.basis.kernel-default");
            case IN_USE -> Messages.text("bench.basis.in-use");
            case LIGHTEST_BY_DESIGN -> Messages.text("bench.basis.lightest-by-design");
            case LEAST_CPU_MEASURED -> Messages.text("bench.basis.least-cpu-measured");
            case BEST_MEASURED -> Messages.text("bench.basis.best-measured");
        };
    }

    /**
     * What one workload's recommendation rests on, as a line of its own: "seq-read: none, as it is
     * the kernel's own choice for this device". A sentence of its own per basis, as a language may
     * word the reason after "as" otherwise than after "is recommended:".
     */
    public String line(String workload, String scheduler) {
        return switch (this) {
            case ONLY_LEADER -> Messages.text("bench.overall.basis.only-leader", workload, scheduler);
            case LEAST_CPU -> Messages.text("bench.overall.basis.least-cpu", workload, scheduler);
            case KERNEL_DEFAULT -> Messages.text("bench.overall.basis.kernel-default", workload, scheduler);
            case IN_USE -> Messages.text("bench.overall.basis.in-use", workload, scheduler);
            case LIGHTEST_BY_DESIGN -> Messages.text("bench.overall.basis.lightest-by-design", workload, scheduler);
            case LEAST_CPU_MEASURED -> Messages.text("bench.overall.basis.least-cpu-measured", workload, scheduler);
            case BEST_MEASURED -> Messages.text("bench.overall.basis.best-measured", workload, scheduler);
        };
    }
}
