package io.github.elevator.bench.design;

import com.google.gson.annotations.SerializedName;

import java.util.Collection;

/**
 * How strong an answer is, from the decision's numbers alone (issue 29): what a person may take
 * from it before applying it.
 * <ul>
 *   <li>{@link #MEASURED}: one leader, every other scheduler decided behind it, or leaders equal
 *       within the bound of {@link #EQUAL} and one of them decided lighter in CPU per I/O (CPU
 *       decides between equals: a lighter scheduler whose speed beside the others is not known
 *       is not a measured answer, however sure its CPU figure);</li>
 *   <li>{@link #EQUAL}: several leaders, and the data rule out any difference between two of them
 *       larger than {@link #NOT_MEASURED_FACTOR} times the margin: any will do;</li>
 *   <li>{@link #NOT_MEASURED}: several leaders whose bound is wider than that (or not known): the
 *       run could not tell them apart, and the one named is named by the rule's tie-break (the
 *       kernel's choice, the one in use, the lightest by design), not by a measurement.</li>
 * </ul>
 * The factor 3 is checked in {@code CalibrationTest} at noise 5, 15, 40 and 100 %.
 */
public enum Strength {
    @SerializedName("measured") MEASURED,
    @SerializedName("equal") EQUAL,
    @SerializedName("not-measured") NOT_MEASURED;

    /** A leaders' bound wider than this many margins says the run could not tell them apart. */
    public static final double NOT_MEASURED_FACTOR = 3;

    /** The name in JSON and on the command line: measured, equal, not-measured. */
    public String key() {
        return switch (this) {
            case MEASURED -> "measured";
            case EQUAL -> "equal";
            case NOT_MEASURED -> "not-measured";
        };
    }

    /** One workload's strength; null when it recommends nothing. */
    public static Strength of(WorkloadDecision d) {
        Choice c = d.choice();
        if (c.scheduler() == null || c.basis() == null) return null;
        if (c.basis() == Basis.ONLY_LEADER) return MEASURED;
        boolean equal = c.bound() != null && c.bound() <= NOT_MEASURED_FACTOR * d.margin() + 1e-12;
        if (!equal) return NOT_MEASURED;
        return c.basis() == Basis.LEAST_CPU ? MEASURED : EQUAL;
    }

    /**
     * The whole device's strength for {@code scheduler}, from the workloads where it is a leader:
     * measured where one of them measured it, otherwise not measured where one of them could not
     * tell it apart, otherwise equal; null without a scheduler.
     */
    public static Strength of(String scheduler, Collection<WorkloadDecision> decisions) {
        if (scheduler == null) return null;
        boolean any = false, notMeasured = false;
        for (WorkloadDecision d : decisions) {
            Strength s = of(d);
            if (s == null || !d.choice().leaders().contains(scheduler)) continue;
            any = true;
            if (s == MEASURED && scheduler.equals(d.recommendation())) return MEASURED;
            if (s == NOT_MEASURED) notMeasured = true;
        }
        return !any || notMeasured ? NOT_MEASURED : EQUAL;
    }
}
