package io.github.elevator.bench;

import io.github.elevator.text.Messages;

/** A figure measured per run; each knows whether more is better. */
public enum Metric {
    IOPS("iops", true),
    MIBPS("mibps", true),
    LAT_P50("latP50us", false),
    LAT_P99("latP99us", false),
    SYS_PCT("sysPct", false),
    CPU_PER_IO("cpuUsPerIo", false),
    /** The median time of one start in start-under-write, whose operations are whole starts. */
    START_MS("startMs", false);

    private final String key;
    private final boolean higherIsBetter;

    Metric(String key, boolean higherIsBetter) {
        this.key = key;
        this.higherIsBetter = higherIsBetter;
    }

    public String key() {
        return key;
    }

    /** The figure's name or unit, as a column or a sentence names it. */
    public String label() {
        return switch (this) {
            case IOPS -> "IOPS"; // untranslated: a unit
            case MIBPS -> "MiB/s"; // untranslated: a unit
            case LAT_P50 -> Messages.text("bench.metric.latP50us");
            case LAT_P99 -> Messages.text("bench.metric.latP99us");
            case SYS_PCT -> "%system"; // untranslated: the name top and iostat give it
            case CPU_PER_IO -> Messages.text("bench.metric.cpuUsPerIo");
            case START_MS -> Messages.text("bench.metric.startMs");
        };
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
