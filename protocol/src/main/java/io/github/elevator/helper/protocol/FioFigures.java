package io.github.elevator.helper.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * What leaves the helper of a fio run: its read IOPS, MiB/s and 99th percentile latency (µs, from
 * submission to completion), read strictly from fio's terse output, version 3 (one line of
 * fields separated by ';'), with {@link FioCommand}'s options. Only java.* here.
 */
public record FioFigures(double iops, double mibps, double latP99us) {
    private static final int VERSION = 0, ERROR = 4, READ_KIB = 5, BW_KIB = 6, IOPS = 7, RUNTIME_MS = 8, P99 = 17, FIELDS = 41;

    /** The figures of the one job in {@code output}; lines that are not a terse record (fio's warnings) are passed over. */
    public static FioFigures parseTerse(String output) {
        List<String> records = new ArrayList<>();
        for (String line : output.split("\n")) if (line.startsWith("3;fio-")) records.add(line.strip());
        if (records.size() != 1) throw new IllegalArgumentException("fio's output has " + records.size() + " terse records, not one");
        String[] f = records.get(0).split(";", -1);
        if (f.length < FIELDS) throw new IllegalArgumentException("fio's terse record has " + f.length + " fields, fewer than " + FIELDS);
        if (!f[VERSION].equals("3")) throw new IllegalArgumentException("fio's terse record is not version 3");
        if (!f[ERROR].equals("0")) throw new IllegalArgumentException("fio reports error " + f[ERROR] + " for the job");
        long readKib = whole(f[READ_KIB], "KiB read");
        long runtime = whole(f[RUNTIME_MS], "runtime");
        if (readKib == 0 || runtime == 0) throw new IllegalArgumentException("fio read nothing");
        String p99 = f[P99];
        if (!p99.startsWith("99.000000%=")) throw new IllegalArgumentException("fio's record has no 99th percentile where expected: " + p99);
        return new FioFigures(whole(f[IOPS], "IOPS"), whole(f[BW_KIB], "bandwidth") / 1024.0,
                whole(p99.substring(p99.indexOf('=') + 1), "99th percentile"));
    }

    private static long whole(String field, String what) {
        if (!field.matches("[0-9]{1,15}")) throw new IllegalArgumentException("fio's " + what + " is not a whole number: " + field);
        return Long.parseLong(field);
    }
}
