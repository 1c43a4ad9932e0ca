package io.github.elevator.device;

import io.github.elevator.text.Numbers;

import java.util.Locale;

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
        String pattern = value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s";
        return Numbers.local(String.format(Locale.ROOT, pattern, value, UNITS[unit]));
    }
}
