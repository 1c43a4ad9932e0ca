package io.github.elevator.device;

import java.util.Locale;

/** Sizes in the units disk vendors print on the box (powers of 1000). */
public final class ByteSize {
    private static final String[] UNITS = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};

    private ByteSize() {
    }

    public static String human(long bytes) {
        if (bytes < 1000) return bytes + " B";
        double value = bytes;
        int unit = 0;
        while (value >= 1000 && unit < UNITS.length - 1) {
            value /= 1000;
            unit++;
        }
        String pattern = value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s";
        return String.format(Locale.ROOT, pattern, value, UNITS[unit]);
    }
}
