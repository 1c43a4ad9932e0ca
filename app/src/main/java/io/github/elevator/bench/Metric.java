package io.github.elevator.bench;

/** A figure measured per run; each knows whether more is better. */
public enum Metric {
    IOPS("iops", "IOPS", true),
    MIBPS("mibps", "MiB/s", true),
    LAT_P50("latP50us", "p50 latency", false),
    LAT_P99("latP99us", "p99 latency", false),
    SYS_PCT("sysPct", "%system", false),
    CPU_PER_IO("cpuUsPerIo", "CPU µs per I/O", false),
    /** The median time of one start in start-under-write, whose operations are whole starts. */
    START_MS("startMs", "start time", false);

    private final String key;
    private final String label;
    private final boolean higherIsBetter;

    Metric(String key, String label, boolean higherIsBetter) {
        this.key = key;
        this.label = label;
        this.higherIsBetter = higherIsBetter;
    }

    public String key() {
        return key;
    }

    public String label() {
        return label;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    public double of(RunResult r) {
        return switch (this) {
            case IOPS -> r.iops();
            case MIBPS -> r.mibps();
            case LAT_P50 -> r.latP50us();
            case LAT_P99 -> r.latP99us();
            case SYS_PCT -> r.sysPct();
            case CPU_PER_IO -> r.cpuUsPerIo();
            case START_MS -> r.latP50us() / 1000;
        };
    }

    /** Whether the figure means something for every workload, or only for the one it was made for. */
    public boolean general() {
        return this != START_MS;
    }
}
