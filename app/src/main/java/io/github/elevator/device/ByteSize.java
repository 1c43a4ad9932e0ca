package io.github.elevator.device;

import io.github.elevator.text.Numbers;

/** Sizes in binary units (KiB, MiB, GiB, ...), the units the benchmark's throughput uses too. */
public final class ByteSize {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}; // untranslated: units

    private ByteSize() {
    }

    public static String human(long bytes) {
        if (bytes < 1024) return bytes + " B";
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return Numbers.fixed(value, value >= 100 ? 0 : value >= 10 ? 1 : 2) + " " + UNITS[unit];
    }
}
