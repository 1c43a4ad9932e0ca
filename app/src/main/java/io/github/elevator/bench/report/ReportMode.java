package io.github.elevator.bench.report;

import com.google.gson.annotations.SerializedName;

/** What kind of benchmark a report is of, as the report itself says it (from schema 2 on). */
public enum ReportMode {
    /** Schedulers compared in blocks. */
    @SerializedName("sweep") SWEEP,
    /** The current scheduler alone, one timed run per workload. */
    @SerializedName("quick") QUICK,
    /** One scheduler under several labels: how often identical slots are called different. */
    @SerializedName("noise-check") NOISE_CHECK
}
