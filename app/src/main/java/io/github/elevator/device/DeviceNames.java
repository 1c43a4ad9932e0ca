package io.github.elevator.device;

import java.util.Comparator;

/**
 * The order people expect device names in: numbers inside names compare as numbers (loop2 before
 * loop10), and a disk's letters as the kernel hands them out (sdz before sdaa).
 */
public final class DeviceNames {
    /** Natural order; names equal but for leading zeros fall back to plain text order, so the order is total. */
    public static final Comparator<String> NATURAL = DeviceNames::compare;

    private DeviceNames() {
    }

    private static int compare(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i), y = b.charAt(j);
            if (isDigit(x) && isDigit(y)) {
                int endA = digitsEnd(a, i), endB = digitsEnd(b, j);
                int startA = skipZeros(a, i, endA), startB = skipZeros(b, j, endB);
                int lengths = Integer.compare(endA - startA, endB - startB);
                if (lengths != 0) return lengths;
                int digits = a.substring(startA, endA).compareTo(b.substring(startB, endB));
                if (digits != 0) return digits;
                i = endA;
                j = endB;
            } else {
                // sdz before sdaa, as the kernel names them: a letter suffix counts like a number
                if (x != y && i > 0 && lettersOnly(a, i) && lettersOnly(b, j) && a.length() - i != b.length() - j) {
                    return Integer.compare(a.length() - i, b.length() - j);
                }
                if (x != y) return Character.compare(x, y);
                i++;
                j++;
            }
        }
        int rest = Integer.compare(a.length() - i, b.length() - j);
        return rest != 0 ? rest : a.compareTo(b);
    }

    private static boolean lettersOnly(String s, int from) {
        for (int k = from; k < s.length(); k++) if (!Character.isLetter(s.charAt(k))) return false;
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        while (from < s.length() && isDigit(s.charAt(from))) from++;
        return from;
    }

    private static int skipZeros(String s, int from, int end) {
        while (from < end - 1 && s.charAt(from) == '0') from++;
        return from;
    }
}
