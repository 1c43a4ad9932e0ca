package io.github.elevator.bench.design;

import com.google.gson.annotations.SerializedName;

/** How a pair of schedulers compares, from the first one's point of view. */
public enum Verdict {
    /** Better beyond doubt (for a latency: lower). */
    @SerializedName("faster") FASTER,
    @SerializedName("slower") SLOWER,
    /** Equal within the margin, by two one-sided tests. */
    @SerializedName("equivalent") EQUIVALENT,
    @SerializedName("undecided") UNDECIDED;

    public boolean decided() {
        return this != UNDECIDED;
    }

    public boolean different() {
        return this == FASTER || this == SLOWER;
    }
}
